/** Hex colours as the server stores them, and the palette of the tag and queue colour pickers (pure; unit-tested). */

/** outreach-config.md §2: the tag dialog's colour picker — a palette plus any hex colour. */
export const TAG_PALETTE = [
  '#A4CCCC', '#D13913', '#E76A05', '#F0B726', '#9BBF85', '#238551', '#1C6E42', '#00A396', '#147EB3', '#2D72D2',
  '#215DB0', '#634DBF', '#9D3F9D', '#DB2C6F', '#C22762', '#8F398F', '#7961DB', '#5F6B7C', '#404854', '#1C2127',
] as const;

const HEX = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;

/** What the server stores: #RRGGBB or #RRGGBBAA. */
export function isHexColor(value: string): boolean {
  return HEX.test(value.trim());
}

/** '#abc' → '#AABBCC', 'abcdef' → '#ABCDEF'; anything else as typed (the form then flags it). */
export function normalizeHex(value: string): string {
  let text = value.trim();
  if (!text.startsWith('#')) text = `#${text}`;
  if (/^#[0-9a-fA-F]{3}$/.test(text)) text = `#${[...text.slice(1)].map((c) => c + c).join('')}`;
  return isHexColor(text) ? text.toUpperCase() : value.trim();
}
