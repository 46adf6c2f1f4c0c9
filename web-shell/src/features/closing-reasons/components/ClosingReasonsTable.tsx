import { Tag as BpTag } from '@blueprintjs/core';
import type { ClosingReason } from '@guiche/contracts';
import { ListTable, RowActions, TagChip, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

interface Props {
  reasons: ClosingReason[];
  onEdit(reason: ClosingReason): void;
  onDelete(reason: ClosingReason): void;
}

/** Name chip, active or not, tickets closed with it, actions. */
export function ClosingReasonsTable({ reasons, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="closing-reasons-table" columns={[['table.name'], ['table.status'], ['table.tickets', 'cx-center'], ['table.actions', 'cx-actions']]}>
      {reasons.map((reason) => (
        <tr key={reason.id} data-testid="closing-reason-row" data-reason-id={reason.id}>
          <td>
            <TagChip name={reason.name} color={reason.color} />
          </td>
          <td data-testid="closing-reason-status">
            <BpTag minimal intent={reason.active ? 'success' : 'none'}>
              {reason.active ? t('table.active') : t('table.inactive')}
            </BpTag>
          </td>
          <td className="cx-center">{reason.ticketsCount}</td>
          <RowActions className="cx-actions" label={t('table.rowActions', { name: reason.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(reason)} onDelete={() => onDelete(reason)} testIdPrefix="closing-reason" />
        </tr>
      ))}
    </ListTable>
  );
}
