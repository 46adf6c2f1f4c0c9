import type { Tag } from '@guiche/contracts';
import { RecordMultiSelect, TagChip, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import '../contacts.css';

interface Props {
  tags: Tag[];
  selectedIds: number[];
  loading: boolean;
  onChange(tagIds: number[]): void;
}

/** The contacts page's tag filter: contacts carrying any of the chosen tags. */
export function TagFilter({ tags, selectedIds, loading, onChange }: Props) {
  const { t } = useTranslation(NS);
  return (
    <RecordMultiSelect<Tag>
      className="cx-tag-filter"
      testId="contacts-tag-filter"
      items={tags}
      selectedIds={selectedIds}
      loading={loading}
      onChange={(ids) => onChange(ids as number[])}
      renderOption={(tag) => <TagChip name={tag.name} color={tag.color} />}
      placeholder={t('tagFilter.placeholder')}
      noResults={t('tagFilter.noResults')}
      ariaLabel={t('tagFilter.label')}
      clearLabel={t('tagFilter.clear')}
    />
  );
}
