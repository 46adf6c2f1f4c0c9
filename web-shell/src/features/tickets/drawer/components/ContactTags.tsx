import { useState } from 'react';
import { MenuItem, Spinner } from '@blueprintjs/core';
import { MultiSelect, type ItemRenderer } from '@blueprintjs/select';
import { useQuery } from '@tanstack/react-query';
import type { Tag } from '@guiche/contracts';
import { toastError, useTranslation } from '@guiche/web-sdk';
import { drawerKeys, fetchAllTags, syncContactTags } from '../api.js';
import { NS } from '../i18n/register.js';

type TagLite = Pick<Tag, 'id' | 'name' | 'color'>;

interface Props {
  contactId: number;
  ticketId: number;
  tags: TagLite[];
  onChange(tags: TagLite[]): void;
}

/** The contact's tags; adding or removing one sends the whole set (POST /tags/sync). */
export function ContactTags({ contactId, ticketId, tags, onChange }: Props) {
  const { t } = useTranslation(NS);
  const all = useQuery({ queryKey: drawerKeys.tags, queryFn: fetchAllTags, staleTime: 30_000 });
  const [saving, setSaving] = useState(false);

  const save = async (next: TagLite[]) => {
    setSaving(true);
    const before = tags;
    onChange(next);
    try {
      onChange(await syncContactTags(contactId, ticketId, next.map((tag) => tag.id)));
    } catch (err) {
      onChange(before);
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const selected = (tag: TagLite) => tags.some((x) => x.id === tag.id);
  const toggle = (tag: TagLite) => void save(selected(tag) ? tags.filter((x) => x.id !== tag.id) : [...tags, tag]);

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
    <section className="cd-section" aria-labelledby="cd-tags-title">
      <h4 id="cd-tags-title" className="cd-section__title">
        {t('tags.title')} {saving && <Spinner size={12} className="cd-inline-spinner" />}
      </h4>
      <MultiSelect<Tag>
        items={all.data ?? []}
        selectedItems={tags as Tag[]}
        itemRenderer={renderItem}
        itemPredicate={(query, tag) => tag.name.toLowerCase().includes(query.toLowerCase())}
        onItemSelect={toggle}
        onRemove={(tag) => toggle(tag)}
        tagRenderer={(tag) => tag.name}
        tagInputProps={{
          tagProps: (_value, index) => ({ style: { background: tags[index]?.color ?? undefined, color: '#111418' }, minimal: false }),
          inputProps: { 'aria-label': t('tags.placeholder'), id: 'cd-tags-input' } as never,
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
