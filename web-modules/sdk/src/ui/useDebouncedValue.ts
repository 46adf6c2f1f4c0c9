import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/paged-cache.js';

/**
 * The value, once it has stopped changing for `delay` ms (inbox.md §9: searches and list refetches
 * wait 500 ms). Compared by JSON, so a new but equal filters object does not restart the wait.
 */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return debounced;
}
