import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/paged-cache.js';

/**
 * The value, once it has stopped changing for `delay` ms (inbox.md §9: searches and list refetches
 * wait 500 ms). Compared by JSON, so a new but equal filters object does not restart the wait.
 * `passAtOnce(settled)`: while it holds for the value settled so far, a change needs no wait (a list
 * that shows nothing yet, e.g. before its first filters are known, loads as soon as they are).
 */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS, passAtOnce?: (settled: T) => boolean): T {
  const [debounced, setDebounced] = useState(value);
  const key = JSON.stringify(value);
  // Adjusting state while rendering (React's pattern for state derived from props): no extra pass.
  if (passAtOnce?.(debounced) && JSON.stringify(debounced) !== key) setDebounced(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return debounced;
}
