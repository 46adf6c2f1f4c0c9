import type { SlaTarget } from '@guiche/contracts';
import { ListTable, RowActions, TagChip, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

interface Props {
  targets: SlaTarget[];
  onEdit(target: SlaTarget): void;
  onDelete(target: SlaTarget): void;
}

/** Queue, connection (or all), the two targets, actions. */
export function SlaTargetsTable({ targets, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  const minutes = (value: number | null) => (value ? t('minutes', { value }) : t('table.none'));
  return (
    <ListTable
      ns={NS}
      testId="sla-targets-table"
      columns={[['table.queue'], ['table.connection'], ['table.firstResponse', 'cx-center'], ['table.resolution', 'cx-center'], ['table.actions', 'cx-actions']]}
    >
      {targets.map((target) => (
        <tr key={target.id} data-testid="sla-target-row" data-target-id={target.id}>
          <td>
            <TagChip name={target.queue.name} color={target.queue.color} />
          </td>
          <td>{target.whatsapp?.name ?? t('table.anyConnection')}</td>
          <td className="cx-center">{minutes(target.firstResponseMinutes)}</td>
          <td className="cx-center">{minutes(target.resolutionMinutes)}</td>
          <RowActions
            className="cx-actions"
            label={t('table.rowActions', { name: target.queue.name })}
            editLabel={t('actions.edit')}
            deleteLabel={t('actions.delete')}
            onEdit={() => onEdit(target)}
            onDelete={() => onDelete(target)}
            testIdPrefix="sla-target"
          />
        </tr>
      ))}
    </ListTable>
  );
}
