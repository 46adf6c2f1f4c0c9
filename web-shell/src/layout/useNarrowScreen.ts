import { useSyncExternalStore } from 'react';

/** Below this width the drawer becomes temporary (inbox.md §2). */
export const NARROW_BREAKPOINT_PX = 600;
const query = `(max-width: ${NARROW_BREAKPOINT_PX - 1}px)`;

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}
