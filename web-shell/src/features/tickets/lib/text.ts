/** Contact name and last message in the list are cut at 30 characters (inbox.md §9). */
export const LIST_TEXT_MAX = 30;

/** Cuts at `max` characters (whole code points, so an emoji is never split) and adds an ellipsis. */
export function truncate(text: string | null | undefined, max = LIST_TEXT_MAX): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** The row shows one tag and the count of the others. */
export function tagSummary<T>(tags: readonly T[] | null | undefined): { first: T | null; more: number } {
  const list = tags ?? [];
  return { first: list[0] ?? null, more: Math.max(0, list.length - 1) };
}

/** WhatsApp-style *bold*, _italic_, ~strike~ and ```mono``` markers around a run of text. */
const FORMAT_MARKERS = /(```|[*_~])(?=\S)([^\n]*?\S)\1/g;

/**
 * A message as one plain line for the list: formatting markers dropped (the signature of a sent
 * message, "*Ana*:", reads "Ana:") and line breaks turned into spaces.
 */
export function plainPreview(text: string | null | undefined): string {
  if (!text) return '';
  return text.replace(FORMAT_MARKERS, '$2').replace(/\s*\n\s*/g, ' ').trim();
}
