import { Tag as BpTag } from '@blueprintjs/core';
import type { Tag } from '@guiche/contracts';
import { ListTable, RowActions, TagChip, useTranslation } from '@guiche/web-sdk';
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
    <ListTable ns={NS} testId="tags-table" columns={[['table.name'], ['table.contacts', 'cx-center'], ['table.actions', 'cx-actions']]}>
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
          <RowActions className="cx-actions" label={t('table.rowActions', { name: tag.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(tag)} onDelete={() => onDelete(tag)} testIdPrefix="tag" />
        </tr>
      ))}
    </ListTable>
  );
}
