/**
 * Pure helpers for paged lists (contacts, tags, quick messages, users…): the react-query infinite
 * data (one page per server call) and the live-event edits applied to it.
 * No React: unit-tested in web-shell/test/contacts-lists.test.ts.
 */

/** One page of a list as the pages keep it (each API names its list differently; the api/ files map it here). */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  /** Total matching rows, when the API tells it. */
  count?: number;
}

/** The shape of react-query's InfiniteData, restated so this file needs no import. */
export interface Paged<T> {
  pages: Page<T>[];
  pageParams: unknown[];
}

interface WithId {
  id: number;
}

/** inbox.md §9: the next page loads when the list is scrolled within 100 px of its bottom. */
export const LOAD_MORE_WITHIN_PX = 100;

/** inbox.md §9: search boxes wait 500 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

export function nearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }, within = LOAD_MORE_WITHIN_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < within;
}

/** Pages are numbered from 1; the next one exists while the last answer says hasMore. */
export function nextPageNumber<T>(last: Page<T>, _all: Page<T>[], lastPageParam: number): number | undefined {
  return last.hasMore ? lastPageParam + 1 : undefined;
}

/**
 * Every item once, in page order. Offset paging can repeat a row on the next page after an
 * insertion; the first occurrence wins.
 */
export function flattenPages<T extends WithId>(data: Paged<T> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The count the server gave with the first page, adjusted by nothing else (undefined when unknown). */
export function totalCount<T>(data: Paged<T> | undefined): number | undefined {
  return data?.pages[0]?.count;
}

function contains<T extends WithId>(data: Paged<T>, id: number): boolean {
  return data.pages.some((p) => p.items.some((i) => i.id === id));
}

/**
 * A record created or changed elsewhere (a live event):
 * - already listed: replaced where it is, or dropped when it no longer matches the filters;
 * - not listed and matching: added on top of the first page (the original's reducer puts news first);
 * - not listed and not matching: nothing changes.
 */
export function upsertInPages<T extends WithId>(data: Paged<T> | undefined, record: T, matches: boolean): Paged<T> | undefined {
  if (!data) return data;
  if (contains(data, record.id)) {
    if (!matches) return removeFromPages(data, record.id);
    return {
      ...data,
      pages: data.pages.map((p) => (p.items.some((i) => i.id === record.id) ? { ...p, items: p.items.map((i) => (i.id === record.id ? record : i)) } : p)),
    };
  }
  if (!matches || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [{ ...first, items: [record, ...first.items], count: first.count === undefined ? undefined : first.count + 1 }, ...rest],
  };
}

/** A record deleted elsewhere leaves whichever page holds it (and the total drops by one). */
export function removeFromPages<T extends WithId>(data: Paged<T> | undefined, id: number): Paged<T> | undefined {
  if (!data || !contains(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((p, index) => ({
      ...p,
      items: p.items.filter((i) => i.id !== id),
      count: index === 0 && p.count !== undefined ? Math.max(0, p.count - 1) : p.count,
    })),
  };
}
