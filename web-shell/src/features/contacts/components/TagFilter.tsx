import { Button, MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import type { Tag } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { textMatches } from '../shared/paged-cache.js';
import { TagChip } from '../shared/TagChip.js';
import { readableOn } from '../shared/colors.js';

interface Props {
  tags: Tag[];
  selectedIds: number[];
  loading: boolean;
  onChange(tagIds: number[]): void;
}

const matches: ItemPredicate<Tag> = (query, tag) => textMatches(query, tag.name);

/** The contacts page's tag filter: contacts carrying any of the chosen tags. */
export function TagFilter({ tags, selectedIds, loading, onChange }: Props) {
  const { t } = useTranslation(NS);
  const selected = selectedIds.map((id) => tags.find((tag) => tag.id === id)).filter((tag): tag is Tag => !!tag);
  const toggle = (tag: Tag) => onChange(selectedIds.includes(tag.id) ? selectedIds.filter((id) => id !== tag.id) : [...selectedIds, tag.id]);

  const renderItem: ItemRenderer<Tag> = (tag, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={tag.id}
        ref={ref}
        text={<TagChip name={tag.name} color={tag.color} />}
        roleStructure="listoption"
        selected={selectedIds.includes(tag.id)}
        active={modifiers.active}
        disabled={modifiers.disabled}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    );
  };

  return (
    <div className="cx-tag-filter" data-testid="contacts-tag-filter">
      <MultiSelect<Tag>
        items={tags}
        selectedItems={selected}
        itemRenderer={renderItem}
        itemPredicate={matches}
        itemsEqual="id"
        onItemSelect={toggle}
        onRemove={toggle}
        tagRenderer={(tag) => tag.name}
        placeholder={t('tagFilter.placeholder')}
        noResults={<MenuItem disabled roleStructure="listoption" text={loading ? '…' : t('tagFilter.noResults')} />}
        resetOnSelect
        fill
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        tagInputProps={{
          inputProps: { 'aria-label': t('tagFilter.label') },
          tagProps: (_value, index) => ({ minimal: true, style: selected[index] ? { backgroundColor: selected[index].color, color: readableOn(selected[index].color) } : undefined }),
          rightElement: selected.length ? <Button variant="minimal" icon="cross" aria-label={t('tagFilter.clear')} title={t('tagFilter.clear')} onClick={() => onChange([])} /> : undefined,
        }}
      />
    </div>
  );
}
