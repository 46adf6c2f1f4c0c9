import { AppError, type Conversations, type OutboundTemplate } from '@guiche/core';
import { approvedTemplateSend, closedWindowNumbers } from '@guiche/meta-graph';
import type { Knex } from 'knex';
import { StepRefused, type OutMessage } from './machine.js';

/** The WhatsApp Cloud API channel: Meta delivers free text only within 24 hours of the contact's last message. */
export const CLOUD_CHANNEL = 'whatsappapi';

interface Ticket {
  companyId: number;
  whatsappId: number | null;
  contactId: number;
  channel?: string | null;
}

/**
 * What a flow says on a Cloud API connection (issue 29): free text while the contact's window is
 * open; once it is closed (a long wait, a flow started by a webhook or a campaign), the message
 * node's approved template instead — its text, as the customer reads it, is the stored body — and
 * without one the step is refused (`ERR_WINDOW_CLOSED`) rather than sent to fail at Meta. A template
 * that is no longer approved, or whose variables no longer fit, is refused with its own code.
 * The window is read once per walk (a template does not open it; only the contact's message does).
 */
export function cloudWindow(conversations: Pick<Conversations, 'lastInbound'>, trx: Knex.Transaction, ticket: Ticket) {
  let closed: Promise<boolean> | undefined;
  const isClosed = () =>
    (closed ??= closedWindowNumbers(conversations, { companyId: ticket.companyId, connectionId: ticket.whatsappId ?? 0 }, { contactIds: [ticket.contactId] }, { within: { trx } }).then(
      (r) => r.closed.length > 0 || r.total === 0,
    ));
  return async (message: OutMessage): Promise<{ body: string; template?: OutboundTemplate } | null> => {
    if (ticket.channel !== CLOUD_CHANNEL || !ticket.whatsappId || !(await isClosed())) return null;
    if (!message.template) throw new StepRefused('ERR_WINDOW_CLOSED');
    try {
      const { template, body } = await approvedTemplateSend(trx, ticket.whatsappId, message.template);
      return { body, template };
    } catch (err) {
      // The template's own refusals (not approved, variables that no longer fit); a database error stays one.
      if (err instanceof AppError) throw new StepRefused(err.code);
      throw err;
    }
  };
}
