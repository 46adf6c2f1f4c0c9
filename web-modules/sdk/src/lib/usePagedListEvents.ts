import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useSocketEvent } from '../realtime/hooks.js';
import { useSession } from '../session/context.js';
import { applyToPagedLists, type PagedListChange } from './paged-list-events.js';

export interface PagedListEventsOptions<E, T, P> {
  /** The company's event name, e.g. Events.tag. */
  eventOf(companyId: number): string;
  /** The cached lists it keeps live (their keys end with the list's filters). */
  listsKey: QueryKey;
  /** What an event changes in the lists; null: nothing (a payload without its record). */
  changeOf(event: E): PagedListChange<T, P> | null;
  /** More to do with the event (e.g. the record's detail query). */
  also?(event: E, queryClient: QueryClient): void;
}

/** Keeps a page's cached lists live from a company event: records created, changed or deleted anywhere show at once. */
export function usePagedListEvents<E extends object, T extends { id: number }, P = { search?: string }>({ eventOf, listsKey, changeOf, also }: PagedListEventsOptions<E, T, P>): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent<E>(user ? eventOf(user.companyId) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    const change = changeOf(event);
    if (change) applyToPagedLists<T, P>(queryClient, listsKey, change);
    also?.(event, queryClient);
  });
}
