import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';

interface Option {
  id: number | string;
  name: string;
  color?: string;
}

interface Props<T extends Option> {
  id: string;
  placeholder: string;
  items: T[];
  selected: T['id'][];
  loading?: boolean;
  noResults: string;
  onChange(ids: T['id'][]): void;
}

const byName: ItemPredicate<Option> = (query, item) => item.name.toLowerCase().includes(query.trim().toLowerCase());

/** One filter of the search view (tags, connections, status, users). */
export function FilterMultiSelect<T extends Option>({ id, placeholder, items, selected, loading, noResults, onChange }: Props<T>) {
  const chosen = items.filter((i) => selected.includes(i.id));
  const toggle = (item: T) => onChange(selected.includes(item.id) ? selected.filter((s) => s !== item.id) : [...selected, item.id]);
  const renderItem: ItemRenderer<T> = (item, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={item.id}
        ref={ref}
        text={item.name}
        roleStructure="listoption"
        selected={selected.includes(item.id)}
        active={modifiers.active}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    );
  };
  return (
    <MultiSelect<T>
      items={items}
      selectedItems={chosen}
      itemRenderer={renderItem}
      itemPredicate={byName}
      itemsEqual="id"
      onItemSelect={toggle}
      onRemove={toggle}
      tagRenderer={(item) => item.name}
      placeholder={placeholder}
      noResults={<MenuItem disabled roleStructure="listoption" text={loading ? '…' : noResults} />}
      resetOnSelect
      fill
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      tagInputProps={{
        inputProps: { id, 'aria-label': placeholder },
        tagProps: (_node, index) => ({ minimal: true, style: chosen[index]?.color ? { background: chosen[index]!.color, color: '#fff' } : undefined }),
      }}
    />
  );
}
