import type { Queue } from '@guiche/contracts';
import { ListTable, RowActions, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { cutText } from '../lib/queue-form.js';

const COLUMNS = [
  ['table.id', 'cx-center'],
  ['table.name'],
  ['table.color', 'cx-center'],
  ['table.order', 'cx-center'],
  ['table.greeting', 'cx-hide-narrow'],
  ['table.actions', 'cx-actions'],
] as const;

interface Props {
  queues: Queue[];
  onEdit(queue: Queue): void;
  onDelete(queue: Queue): void;
}

/** outreach-config.md §2 Queues: ID, name, colour, orderQueue, greeting, actions. */
export function QueuesTable({ queues, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="queues-table" columns={COLUMNS}>
      {queues.map((queue) => (
        <tr key={queue.id} data-testid="queue-row" data-queue-id={queue.id}>
          <td className="cx-center">{queue.id}</td>
          <td data-testid="queue-name">{queue.name}</td>
          <td className="cx-center">
            <span className="us-swatch" style={{ backgroundColor: queue.color }} role="img" aria-label={queue.color} title={queue.color} data-testid="queue-color" />
          </td>
          <td className="cx-center" data-testid="queue-order">
            {queue.orderQueue ?? '—'}
          </td>
          <td className="cx-hide-narrow" title={queue.greetingMessage ?? undefined}>
            <div className="us-greeting" data-testid="queue-greeting">
              {queue.greetingMessage ? cutText(queue.greetingMessage) : <span className="cx-muted">{t('table.noGreeting')}</span>}
            </div>
          </td>
          <RowActions className="cx-actions" label={t('table.rowActions', { name: queue.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => onEdit(queue)} onDelete={() => onDelete(queue)} testIdPrefix="queue" />
        </tr>
      ))}
    </ListTable>
  );
}
