import { Intent, Tag } from '@blueprintjs/core';
import { formatDateTime, ListTable, RowActions, RowButton, useTranslation } from '@guiche/web-sdk';
import type { Campaign, CampaignStatus } from '../api/campaigns-api';
import { NS } from '../i18n/register';

interface Props {
  campaigns: Campaign[];
  onEdit(c: Campaign): void;
  onDelete(c: Campaign): void;
  onStop(c: Campaign): void;
  onRestart(c: Campaign): void;
  onReport(c: Campaign): void;
}

export const STATUS_INTENT: Record<CampaignStatus, Intent> = { INATIVA: Intent.NONE, PROGRAMADA: Intent.PRIMARY, EM_ANDAMENTO: Intent.WARNING, CANCELADA: Intent.DANGER, FINALIZADA: Intent.SUCCESS };

/** outreach-config.md §2 Campaigns: name, status, list, connection, scheduled, completed, confirmation, actions by status. */
export function CampaignsTable({ campaigns, onEdit, onDelete, onStop, onRestart, onReport }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ListTable
      ns={NS}
      testId="campaigns-table"
      columns={[['table.name'], ['table.status'], ['table.contactList'], ['table.connection'], ['table.scheduledAt'], ['table.completedAt'], ['table.confirmation'], ['table.actions', 'cx-actions']]}
    >
      {campaigns.map((c) => (
        <tr key={c.id} data-testid="campaign-row" data-campaign-id={c.id} data-status={c.status}>
          <td>{c.name}</td>
          <td>
            <Tag minimal intent={STATUS_INTENT[c.status]} data-testid="campaign-status">
              {t(`status.${c.status}`)}
            </Tag>
          </td>
          <td>{c.contactList?.name ?? t('empty.contactList')}</td>
          <td>{c.whatsapp?.name ?? t('empty.connection')}</td>
          <td>{c.scheduledAt ? formatDateTime(c.scheduledAt) : t('empty.scheduledAt')}</td>
          <td>{c.completedAt ? formatDateTime(c.completedAt) : t('empty.completedAt')}</td>
          <td>{t(c.confirmation ? 'confirmation.on' : 'confirmation.off')}</td>
          <RowActions
            className="cx-actions"
            label={t('table.rowActions', { name: c.name })}
            editLabel={t('actions.edit')}
            deleteLabel={t('actions.delete')}
            onEdit={() => onEdit(c)}
            onDelete={() => onDelete(c)}
            testIdPrefix="campaign"
            leading={
              <>
                {c.status === 'EM_ANDAMENTO' && <RowButton icon="stop" label={t('actions.stop')} onClick={() => onStop(c)} testId="campaign-stop" />}
                {c.status === 'CANCELADA' && <RowButton icon="repeat" label={t('actions.restart')} onClick={() => onRestart(c)} testId="campaign-restart" />}
                <RowButton icon="timeline-bar-chart" label={t('actions.report')} onClick={() => onReport(c)} testId="campaign-report" />
              </>
            }
          />
        </tr>
      ))}
    </ListTable>
  );
}
