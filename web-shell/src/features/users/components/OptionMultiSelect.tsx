import { Button, MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { textMatches } from '../../contacts/shared/paged-cache.js';
import { readableOn } from '../../contacts/shared/colors.js';
import type { Option } from '../lib/user-types.js';

interface Props {
  id: string;
  options: Option[];
  selectedIds: number[];
  loading: boolean;
  disabled?: boolean;
  placeholder: string;
  noResults: string;
  loadingText: string;
  clearLabel: string;
  onChange(ids: number[]): void;
  testId?: string;
}

const matches: ItemPredicate<Option> = (query, option) => textMatches(query, option.name);

/** A searchable multi-select of named records (queues of a user, users of a queue); coloured when the record has a colour. */
export function OptionMultiSelect({ id, options, selectedIds, loading, disabled, placeholder, noResults, loadingText, clearLabel, onChange, testId }: Props) {
  const selected = selectedIds.map((sid) => options.find((o) => o.id === sid)).filter((o): o is Option => !!o);
  const toggle = (option: Option) => onChange(selectedIds.includes(option.id) ? selectedIds.filter((x) => x !== option.id) : [...selectedIds, option.id]);

  const renderItem: ItemRenderer<Option> = (option, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={option.id}
        ref={ref}
        text={option.name}
        icon={option.color ? <span className="us-dot" style={{ backgroundColor: option.color }} aria-hidden="true" /> : undefined}
        roleStructure="listoption"
        selected={selectedIds.includes(option.id)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    );
  };

  return (
    <div data-testid={testId}>
      <MultiSelect<Option>
        items={options}
        selectedItems={selected}
        itemRenderer={renderItem}
        itemPredicate={matches}
        itemsEqual="id"
        onItemSelect={toggle}
        onRemove={toggle}
        tagRenderer={(option) => option.name}
        placeholder={placeholder}
        noResults={<MenuItem disabled roleStructure="listoption" text={loading ? loadingText : noResults} />}
        resetOnSelect
        fill
        disabled={disabled}
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        tagInputProps={{
          inputProps: { id },
          tagProps: (_value, index) => {
            const color = selected[index]?.color;
            return color ? { minimal: true, style: { backgroundColor: color, color: readableOn(color) } } : { minimal: true };
          },
          rightElement:
            selected.length && !disabled ? <Button variant="minimal" icon="cross" aria-label={clearLabel} title={clearLabel} onClick={() => onChange([])} /> : undefined,
        }}
      />
    </div>
  );
}
