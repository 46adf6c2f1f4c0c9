import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lib/paged-cache.js';

/** The value, once it has stopped changing for `delay` ms (inbox.md §9: searches wait 500 ms). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
