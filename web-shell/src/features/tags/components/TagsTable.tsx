import { Button, HTMLTable, Intent, Tag as BpTag } from '@blueprintjs/core';
import type { Tag } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { TagChip } from '../../contacts/shared/TagChip.js';
import { NS } from '../i18n/register.js';

interface Props {
  tags: Tag[];
  onEdit(tag: Tag): void;
  onDelete(tag: Tag): void;
}

/** outreach-config.md §2: name chip, contacts count, actions. */
export function TagsTable({ tags, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <HTMLTable className="cx-table" interactive striped aria-label={t('table.label')} data-testid="tags-table">
      <thead>
        <tr>
          <th>{t('table.name')}</th>
          <th className="cx-center">{t('table.contacts')}</th>
          <th className="cx-actions">{t('table.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {tags.map((tag) => (
          <tr key={tag.id} data-testid="tag-row" data-tag-id={tag.id}>
            <td>
              <span className="cx-chips">
                <TagChip name={tag.name} color={tag.color} />
                {tag.kanban && <BpTag minimal icon="column-layout">{t('table.kanban')}</BpTag>}
              </span>
            </td>
            <td className="cx-center" data-testid="tag-count">
              {tag.contactsCount ?? 0}
            </td>
            <td className="cx-actions" role="group" aria-label={t('table.rowActions', { name: tag.name })}>
              <Button icon="edit" variant="minimal" aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => onEdit(tag)} data-testid="tag-edit" />
              <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('actions.delete')} title={t('actions.delete')} onClick={() => onDelete(tag)} data-testid="tag-delete" />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
