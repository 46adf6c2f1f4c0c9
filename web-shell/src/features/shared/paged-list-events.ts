import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { removeFromPages, textMatches, upsertInPages, type Paged } from '../contacts/shared/paged-cache.js';

/** A record created, changed or deleted elsewhere; `searchable` are the texts a list's search looks in. */
export type PagedListChange<T> = { removedId: number } | { record: T; searchable: (string | null | undefined)[] };

/**
 * Applies a live change to every cached list under `listsKey` (keys end with `{ search }`):
 * a deleted record leaves, a changed one is replaced or joins the lists whose search it matches.
 */
export function applyToPagedLists<T extends { id: number }>(queryClient: QueryClient, listsKey: QueryKey, change: PagedListChange<T>): void {
  for (const [key] of queryClient.getQueriesData<Paged<T>>({ queryKey: listsKey })) {
    const search = (key[2] as { search?: string } | undefined)?.search ?? '';
    queryClient.setQueryData<Paged<T>>(key, (data) =>
      'removedId' in change ? removeFromPages(data, change.removedId) : upsertInPages(data, change.record, textMatches(search, ...change.searchable)),
    );
  }
}
