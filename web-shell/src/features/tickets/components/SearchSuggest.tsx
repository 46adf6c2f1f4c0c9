import { MenuItem } from '@blueprintjs/core';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import { useState } from 'react';
import { useDebouncedValue } from '@guiche/web-sdk';
import { SEARCH_MIN_CHARS } from '../hooks/useReferenceData.js';

interface Props<T extends { id: number; name: string }> {
  id: string;
  placeholder: string;
  selected: T | null;
  /** Results for the debounced text (only called with 3+ characters). */
  useResults(search: string): { data?: T[]; isFetching: boolean };
  describe?(item: T): string | undefined;
  noResults: string;
  searching: string;
  hint: string;
  invalid?: boolean;
  onSelect(item: T | null): void;
}

/** A type-to-search picker: the query waits 500 ms and at least 3 characters (inbox.md §5, §9). */
export function SearchSuggest<T extends { id: number; name: string }>(props: Props<T>) {
  const { id, placeholder, selected, useResults, describe, noResults, searching, hint, invalid, onSelect } = props;
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query);
  const results = useResults(debounced);
  const tooShort = query.trim().length < SEARCH_MIN_CHARS;
  const waiting = !tooShort && (debounced !== query || results.isFetching);
  const items = tooShort ? [] : (results.data ?? []);

  const renderItem: ItemRenderer<T> = (item, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={item.id}
      ref={ref}
      text={item.name}
      label={describe?.(item)}
      roleStructure="listoption"
      active={modifiers.active}
      selected={selected?.id === item.id}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

  return (
    <Suggest<T>
      items={items}
      selectedItem={selected}
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        if (!q) onSelect(null);
      }}
      itemRenderer={renderItem}
      itemsEqual="id"
      inputValueRenderer={(item) => item.name}
      onItemSelect={(item) => {
        // The query becomes the picked name: focused again, the field shows that name (selected,
        // so typing replaces it), not the search typed before the pick with its stale options.
        setQuery(item.name);
        onSelect(item);
      }}
      noResults={<MenuItem disabled roleStructure="listoption" text={tooShort ? hint : waiting ? searching : noResults} />}
      resetOnClose={false}
      closeOnSelect
      fill
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      inputProps={{
        id,
        placeholder,
        'aria-invalid': invalid || undefined,
        intent: invalid ? 'danger' : 'none',
        // Enter picks the active option (on key up); on key down it would also submit the dialog's form, before the pick.
        onKeyDown: (e) => {
          if (e.key === 'Enter') e.preventDefault();
        },
      }}
    />
  );
}
