import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { QuickMessage } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
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
    <HTMLTable className="cx-table" interactive striped aria-label={t('table.label')} data-testid="qm-table">
      <thead>
        <tr>
          <th>{t('table.shortcode')}</th>
          <th>{t('table.type')}</th>
          <th className="cx-hide-narrow">{t('table.media')}</th>
          <th className="cx-actions">{t('table.actions')}</th>
        </tr>
      </thead>
      <tbody>
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
              <td className="cx-actions" role="group" aria-label={t('table.rowActions', { name: r.shortcode })}>
                {mayChange(r) && (
                  <>
                    <Button icon="edit" variant="minimal" aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => onEdit(r)} data-testid="qm-edit" />
                    <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('actions.delete')} title={t('actions.delete')} onClick={() => onDelete(r)} data-testid="qm-delete" />
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
