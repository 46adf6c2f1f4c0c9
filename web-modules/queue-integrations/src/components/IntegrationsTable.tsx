import { ListTable, RowActions, useTranslation } from '@guiche/web-sdk';
import type { QueueIntegration } from '@guiche/contracts';
import { NS } from '../i18n/register';

const LOGO: Record<QueueIntegration['type'], string> = { dialogflow: 'DF', n8n: 'n8n', webhook: 'WH', typebot: 'TB' };

/** outreach-config.md §2: logo by type, id, name, edit and delete. */
export function IntegrationsTable({ integrations, onEdit, onDelete }: { integrations: QueueIntegration[]; onEdit(i: QueueIntegration): void; onDelete(i: QueueIntegration): void }) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="integrations-table" columns={[['table.type'], ['table.id'], ['table.name'], ['table.actions', 'cx-actions']]}>
      {integrations.map((i) => (
        <tr key={i.id} data-testid="integration-row" data-integration-id={i.id}>
          <td>
            <span className={`qi-logo qi-logo-${i.type}`} title={t(`types.${i.type}`)} aria-label={t(`types.${i.type}`)}>
              {LOGO[i.type]}
            </span>
          </td>
          <td>{i.id}</td>
          <td>{i.name}</td>
          <RowActions className="cx-actions" label={t('table.rowActions', { name: i.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(i)} onDelete={() => onDelete(i)} testIdPrefix="integration" />
        </tr>
      ))}
    </ListTable>
  );
}
