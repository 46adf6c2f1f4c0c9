import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import type { Queue } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { cutText } from '../lib/queue-form.js';

interface Props {
  queues: Queue[];
  onEdit(queue: Queue): void;
  onDelete(queue: Queue): void;
}

/** outreach-config.md §2 Queues: ID, name, colour, orderQueue, greeting, actions. */
export function QueuesTable({ queues, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <HTMLTable className="cx-table" interactive striped aria-label={t('table.label')} data-testid="queues-table">
      <thead>
        <tr>
          <th className="cx-center">{t('table.id')}</th>
          <th>{t('table.name')}</th>
          <th className="cx-center">{t('table.color')}</th>
          <th className="cx-center">{t('table.order')}</th>
          <th className="cx-hide-narrow">{t('table.greeting')}</th>
          <th className="cx-actions">{t('table.actions')}</th>
        </tr>
      </thead>
      <tbody>
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
            <td className="cx-actions" role="group" aria-label={t('table.rowActions', { name: queue.name })}>
              <Button icon="edit" variant="minimal" aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => onEdit(queue)} data-testid="queue-edit" />
              <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('actions.delete')} title={t('actions.delete')} onClick={() => onDelete(queue)} data-testid="queue-delete" />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
