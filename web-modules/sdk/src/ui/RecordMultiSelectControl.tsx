import { useRef, type ReactNode } from 'react';
import { Button, MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { readableOn } from '../color.js';
import { foldText } from '../lib/text.js';

export interface SelectableRecord {
  id: number | string;
  name: string;
  color?: string | null;
}

export interface RecordMultiSelectProps<T extends SelectableRecord> {
  items: T[];
  selectedIds: T['id'][];
  onChange(ids: T['id'][]): void;
  placeholder: string;
  noResults: string;
  /** Shown instead of noResults while the items load. */
  loading?: boolean;
  loadingText?: string;
  disabled?: boolean;
  /** id of the text input (for a <label htmlFor>) and/or its accessible name. */
  inputId?: string;
  ariaLabel?: string;
  /** The field has an error: a red outline and aria-invalid. */
  invalid?: boolean;
  /** The text input lost the focus (a form marks the field touched). */
  onBlur?(): void;
  /** With a label, a button that clears the selection. */
  clearLabel?: string;
  /** How an option reads in the list (default: its name, with a colour dot when it has a colour). */
  renderOption?(item: T): ReactNode;
  className?: string;
  testId?: string;
}

const byName: ItemPredicate<SelectableRecord> = (query, item) => foldText(item.name).includes(foldText(query.trim()));

function sameRecord(a: object, b: object): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The previous array while the records read the same. Blueprint's QueryList filters again, and
 * moves the highlight back to the first option, whenever `items` is a new array: a caller building
 * the list in its render (`data ?? []`, a merge) would otherwise reset the option picked with the
 * arrow keys on every render of the form — between a keydown and the keyup that picks (Enter is
 * handled on keyup).
 */
function useSteadyItems<T extends object>(items: T[]): T[] {
  const last = useRef(items);
  const previous = last.current;
  if (previous !== items && (previous.length !== items.length || !items.every((item, i) => sameRecord(item, previous[i])))) last.current = items;
  return last.current;
}

/** RecordMultiSelect's control, its own chunk: Blueprint's MultiSelect and QueryList load with the first one drawn. */
export default function RecordMultiSelectControl<T extends SelectableRecord>(props: RecordMultiSelectProps<T>) {
  const { items: givenItems, selectedIds, onChange, placeholder, noResults, loading, loadingText = '…', disabled, inputId, ariaLabel, invalid, onBlur, clearLabel, renderOption, className, testId } = props;
  const items = useSteadyItems(givenItems);
  const selected = selectedIds.map((id) => items.find((item) => item.id === id)).filter((item): item is T => !!item);
  const toggle = (item: T) => onChange(selectedIds.includes(item.id) ? selectedIds.filter((id) => id !== item.id) : [...selectedIds, item.id]);

  const renderItem: ItemRenderer<T> = (item, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={item.id}
        ref={ref}
        text={renderOption ? renderOption(item) : item.name}
        icon={!renderOption && item.color ? <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', backgroundColor: item.color }} aria-hidden="true" /> : undefined}
        roleStructure="listoption"
        selected={selectedIds.includes(item.id)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    );
  };

  return (
    <div className={className} data-testid={testId}>
      <MultiSelect<T>
        items={items}
        selectedItems={selected}
        itemRenderer={renderItem}
        itemPredicate={byName}
        itemsEqual="id"
        onItemSelect={toggle}
        onRemove={toggle}
        tagRenderer={(item) => item.name}
        placeholder={placeholder}
        noResults={<MenuItem disabled roleStructure="listoption" text={loading ? loadingText : noResults} />}
        resetOnSelect
        fill
        disabled={disabled}
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        tagInputProps={{
          inputProps: { id: inputId, 'aria-label': ariaLabel, 'aria-invalid': invalid || undefined, onBlur },
          intent: invalid ? 'danger' : 'none',
          tagProps: (_value, index) => {
            const color = selected[index]?.color;
            return color ? { minimal: true, style: { backgroundColor: color, color: readableOn(color) } } : { minimal: true };
          },
          rightElement:
            clearLabel && selected.length && !disabled ? (
              <Button variant="minimal" icon="cross" aria-label={clearLabel} title={clearLabel} onClick={() => onChange([])} />
            ) : undefined,
        }}
      />
    </div>
  );
}
