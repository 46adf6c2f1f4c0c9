import { useEffect, useState } from 'react';

/** Search debounce and list refetch debounce: 500 ms (inbox.md §9). */
export const DEBOUNCE_MS = 500;

/** The value once it has stopped changing for `ms`. Compared by JSON so a new equal object does not restart the wait. */
export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
