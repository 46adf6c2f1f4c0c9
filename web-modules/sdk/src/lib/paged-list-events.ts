import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { removeFromPages, upsertInPages, type Paged } from './paged-cache.js';
import { textMatches } from './text.js';

/** The filters of one cached list: the third part of its key, e.g. `['tags', 'list', { search }]`. */
export type ListParams<P> = P | undefined;

/** A record created, changed or deleted elsewhere; `matches` says whether it belongs in a list with those filters. */
export type PagedListChange<T, P = { search?: string }> = { removedId: number } | { record: T; matches(params: ListParams<P>): boolean };

/** For lists keyed `{ search }`: the record belongs where the search finds one of these texts. */
export function searchFinds(...searchable: (string | null | undefined)[]): (params: ListParams<{ search?: string }>) => boolean {
  return (params) => textMatches(params?.search ?? '', ...searchable);
}

/**
 * Applies a live change to every cached list under `listsKey` (each key ends with its filters):
 * a deleted record leaves, a changed one is replaced or joins the lists it matches.
 */
export function applyToPagedLists<T extends { id: number }, P = { search?: string }>(queryClient: QueryClient, listsKey: QueryKey, change: PagedListChange<T, P>): void {
  for (const [key] of queryClient.getQueriesData<Paged<T>>({ queryKey: listsKey })) {
    const params = key[listsKey.length] as ListParams<P>;
    queryClient.setQueryData<Paged<T>>(key, (data) => ('removedId' in change ? removeFromPages(data, change.removedId) : upsertInPages(data, change.record, change.matches(params))));
  }
}

/**
 * A save's answer, applied at once to the cached lists that already show the record (the live
 * event that follows changes nothing more); where it is not listed, only the server knows where it sorts.
 */
export function replaceInPagedLists<T extends { id: number }>(queryClient: QueryClient, listsKey: QueryKey, record: T): void {
  queryClient.setQueriesData<Paged<T>>({ queryKey: listsKey }, (data) => (data && data.pages.some((p) => p.items.some((i) => i.id === record.id)) ? upsertInPages(data, record, true) : data));
}

