/** Black or white text, whichever reads better on the colour (relative luminance). */
export function readableOn(color: string): string {
  const hex = /^#?([0-9a-f]{6})/i.exec(color.trim())?.[1];
  if (!hex) return '#fff';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#1c2127' : '#ffffff';
}
