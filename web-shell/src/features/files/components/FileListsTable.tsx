import { Tag } from '@blueprintjs/core';
import { ListTable, RowActions, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import type { FileList } from '../lib/file-list.js';

interface Props {
  lists: FileList[];
  onEdit(list: FileList): void;
  onDelete(list: FileList): void;
}

/** outreach-config.md §2 File lists: name (with its number of files) and actions. */
export function FileListsTable({ lists, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="files-table" columns={[['table.name'], ['table.files', 'cx-center'], ['table.actions', 'cx-actions']]}>
      {lists.map((list) => (
        <tr key={list.id} data-testid="file-row" data-file-id={list.id}>
          <td>{list.name}</td>
          <td className="cx-center">
            <Tag minimal round>
              {(list.options ?? []).length}
            </Tag>
          </td>
          <RowActions className="cx-actions" label={t('table.rowActions', { name: list.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(list)} onDelete={() => onDelete(list)} testIdPrefix="file" />
        </tr>
      ))}
    </ListTable>
  );
}
