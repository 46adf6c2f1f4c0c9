import { Intent, Tag } from '@blueprintjs/core';
import type { QuickMessage } from '@guiche/contracts';
import { ListTable, RowActions, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { quickMessageType } from '../lib/permissions.js';

interface Props {
  records: QuickMessage[];
  mayChange(record: QuickMessage): boolean;
  onEdit(record: QuickMessage): void;
  onDelete(record: QuickMessage): void;
}

/** outreach-config.md §2: shortcode, type, media name, actions (only where the user may change it). */
export function QuickMessagesTable({ records, mayChange, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="qm-table" columns={[['table.shortcode'], ['table.type'], ['table.media', 'cx-hide-narrow'], ['table.actions', 'cx-actions']]}>
      {records.map((r) => {
        const type = quickMessageType(r);
        return (
          <tr key={r.id} data-testid="qm-row" data-qm-id={r.id}>
            <td>
              <span className="cx-chips">
                <strong data-testid="qm-shortcode">/{r.shortcode}</strong>
                {r.geral && <Tag minimal intent={Intent.PRIMARY} data-testid="qm-geral-badge">{t('table.geral')}</Tag>}
              </span>
            </td>
            <td>
              <Tag minimal icon={type === 'media' ? 'paperclip' : type === 'category' ? 'folder-close' : 'align-left'}>{t(`types.${type}`)}</Tag>
            </td>
            <td className="cx-hide-narrow" data-testid="qm-media-name">{r.mediaName ?? ''}</td>
            <RowActions className="cx-actions" label={t('table.rowActions', { name: r.shortcode })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} testIdPrefix="qm" enabled={mayChange(r)} />
          </tr>
        );
      })}
    </ListTable>
  );
}
