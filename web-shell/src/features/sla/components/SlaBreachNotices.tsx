import { Intent } from '@blueprintjs/core';
import { Events, type SlaBreachEvent } from '@guiche/contracts';
import { navigateTo, showToast, useSession, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

/**
 * A toast for every SLA breach the server announces (company-{id}-slaBreach reaches only the
 * company's admins and the breached queue's supervisors), with a button to the ticket.
 */
export function SlaBreachNotices() {
  const { user } = useSession();
  const { t } = useTranslation(NS);
  useSocketEvent<SlaBreachEvent>(user ? Events.slaBreach(user.companyId) : null, (event) => {
    const text = t(`notice.${event.kind}`, { contact: event.contactName ?? `#${event.ticketId}`, queue: event.queueName ?? t('notice.noQueue') });
    showToast({
      message: <span data-testid="sla-breach-notice">{text}</span>,
      intent: Intent.DANGER,
      icon: 'stopwatch',
      timeout: 10000,
      action: { text: t('notice.open'), onClick: () => navigateTo(`/tickets/${event.uuid}`) },
    });
  });
  return null;
}
