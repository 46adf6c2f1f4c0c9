import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * The live connection's code (socket.io-client) is not needed to draw a page: it is fetched once the
 * first screen is drawn (issue #28), and the socket then refetches what the page read before it
 * joined its rooms (SocketProvider). The first screen is drawn when the page shown has mounted
 * (`useFirstScreenDrawn()`: the shell calls it for its pages and for remote routes), none of its
 * queries is fetching and no `LoadingState` is on screen. A page that never gets there still gets
 * its live events, FIRST_SCREEN_WAIT_MS after the socket was wanted.
 */
export const FIRST_SCREEN_WAIT_MS = 3000;

let isDrawn = false;
let resolveDrawn: () => void = () => {};
const drawn = new Promise<void>((resolve) => {
  resolveDrawn = resolve;
});
function markDrawn(): void {
  isDrawn = true;
  resolveDrawn();
}

let loadingStates = 0;
const loadingListeners = new Set<() => void>();

/** Counts the caller (a loading spinner) as "still loading" while it is mounted. */
export function useCountedAsLoading(): void {
  useEffect(() => {
    loadingStates += 1;
    loadingListeners.forEach((listener) => listener());
    return () => {
      loadingStates -= 1;
      loadingListeners.forEach((listener) => listener());
    };
  }, []);
}

/** After the browser has painted and has a moment to spare (a second at most). */
function afterPaint(then: () => void): void {
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: 1000 });
    else setTimeout(then, 0);
  });
}

/** Once the first screen is drawn, or FIRST_SCREEN_WAIT_MS after the call at the latest. */
export function afterFirstScreen(): Promise<void> {
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}

const quiet = (queryClient: QueryClient) => loadingStates === 0 && queryClient.isFetching() === 0;

/** Marks the first screen drawn once the calling page is quiet (see above), after the next paint. */
export function useFirstScreenDrawn(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isDrawn) return;
    let done = false;
    const stop = () => {
      done = true;
      unsubscribe();
      loadingListeners.delete(check);
    };
    function check() {
      if (done || !quiet(queryClient)) return;
      // Quiet now and still quiet once painted: a query started by the render that made it quiet
      // (a list enabled by the data that just came) would otherwise count as drawn.
      afterPaint(() => {
        if (done || !quiet(queryClient)) return;
        stop();
        markDrawn();
      });
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    loadingListeners.add(check);
    check();
    return stop;
  }, [queryClient]);
}

/** `useFirstScreenDrawn` as an element, for a place that renders pages it does not own. */
export function FirstScreenDrawn(): null {
  useFirstScreenDrawn();
  return null;
}
