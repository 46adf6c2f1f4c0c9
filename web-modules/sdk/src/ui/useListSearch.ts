import { useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue.js';

export interface ListSearch {
  value: string;
  onChange(value: string): void;
  /** The value once typing pauses (500 ms): what the list asks the server for. */
  debounced: string;
  /** Something is searched: an empty list means nothing matched. */
  filtered: boolean;
}

/** A list page's search box state. */
export function useListSearch(): ListSearch {
  const [value, setValue] = useState('');
  const debounced = useDebouncedValue(value);
  return { value, onChange: setValue, debounced, filtered: debounced.trim() !== '' };
}
