import { useState } from 'react';
import { MenuItem, Spinner } from '@blueprintjs/core';
import { MultiSelect, type ItemRenderer } from '@blueprintjs/select';
import { useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@guiche/contracts';
import { canCreateTagNamed, createCompanyTag, toastError, useCompanyTags, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

export type TagLite = Pick<Tag, 'id' | 'name' | 'color'>;

/** The id of the item a picker offers for "create this tag" before the server gives it a real one. */
const NEW_TAG_ID = -1;

interface Props {
  /** The section's heading, also the input's accessible name. */
  title: string;
  /** The input's id (the section's heading id is derived from it). */
  inputId: string;
  tags: TagLite[];
  /** Plain tags only (the ticket's picker): kanban tags are Kanban's lanes, not offered here. */
  plainOnly?: boolean;
  /** Saves the whole set; answers the set the server kept. */
  save(tagIds: number[]): Promise<TagLite[]>;
  onChange(tags: TagLite[]): void;
}

/**
 * A tag picker of the drawer: adding or removing one saves the whole set (the ticket's through
 * PUT /ticket-tags/:ticketId, the contact's through POST /tags/sync). A typed name of 3+ characters
 * that no tag has can be created (POST /tags) and added.
 */
export function TagPicker({ title, inputId, tags, plainOnly = false, save: saveSet, onChange }: Props) {
  const { t } = useTranslation(NS);
  const all = useCompanyTags();
  const items = (all.data ?? []).filter((tag) => !plainOnly || !tag.kanban);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async (next: TagLite[]) => {
    setSaving(true);
    const before = tags;
    onChange(next);
    try {
      onChange(await saveSet(next.map((tag) => tag.id)));
    } catch (err) {
      onChange(before);
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const selected = (tag: TagLite) => tags.some((x) => x.id === tag.id);
  const toggle = (tag: TagLite) => void save(selected(tag) ? tags.filter((x) => x.id !== tag.id) : [...tags, tag]);
  /** A typed name that is not a tag yet: create it (POST /tags), then add it like a picked one. */
  const createAndAdd = async (name: string) => {
    setSaving(true);
    try {
      const tag = await createCompanyTag(queryClient, name);
      await save([...tags, tag]);
    } catch (err) {
      toastError(err);
      setSaving(false);
    }
  };
  const onItemSelect = (tag: Tag) => (tag.id === NEW_TAG_ID ? void createAndAdd(tag.name) : toggle(tag));

  const renderItem: ItemRenderer<Tag> = (tag, { handleClick, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={tag.id}
        ref={ref}
        text={tag.name}
        active={modifiers.active}
        roleStructure="listoption"
        selected={selected(tag)}
        icon={<span className="cd-tag-dot" style={{ background: tag.color }} />}
        onClick={handleClick}
      />
    ) : null;

  return (
    <section className="cd-section" aria-labelledby={`${inputId}-title`}>
      <h4 id={`${inputId}-title`} className="cd-section__title">
        {title} {saving && <Spinner size={12} className="cd-inline-spinner" />}
      </h4>
      <MultiSelect<Tag>
        items={items}
        selectedItems={tags as Tag[]}
        itemRenderer={renderItem}
        itemPredicate={(query, tag) => tag.name.toLowerCase().includes(query.toLowerCase())}
        onItemSelect={onItemSelect}
        createNewItemFromQuery={(query) => ({ id: NEW_TAG_ID, name: query.trim(), color: '' }) as Tag}
        createNewItemRenderer={(query, active, handleClick) =>
          canCreateTagNamed(query, all.data ?? []) ? (
            <MenuItem key="create" icon="add" text={t('tags.create', { name: query.trim() })} active={active} roleStructure="listoption" onClick={handleClick} data-testid="tag-create-option" />
          ) : undefined
        }
        onRemove={(tag) => toggle(tag)}
        tagRenderer={(tag) => tag.name}
        tagInputProps={{
          tagProps: (_value, index) => ({ style: { background: tags[index]?.color ?? undefined, color: '#111418' }, minimal: false }),
          inputProps: { 'aria-label': title, id: inputId } as never,
          disabled: saving,
        }}
        noResults={<MenuItem disabled text={all.isLoading ? t('tags.loading') : t('tags.none')} roleStructure="listoption" />}
        placeholder={t('tags.placeholder')}
        resetOnSelect
        fill
        popoverProps={{ minimal: true, matchTargetWidth: true }}
        itemsEqual="id"
      />
    </section>
  );
}
