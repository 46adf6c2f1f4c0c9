/** Text without case or accents ('Zélia' → 'zelia'): how searches compare names. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Case- and accent-insensitive "contains" on any of the values; an empty search matches everything. */
export function textMatches(search: string, ...values: (string | null | undefined)[]): boolean {
  const needle = foldText(search.trim());
  if (!needle) return true;
  return values.some((v) => v != null && foldText(v).includes(needle));
}

/** An avatar's letters without a picture: first letters of the first and last words ('?' for none). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}
