import type { Knex } from 'knex';
import type { TicketUpdateInput } from '@guiche/contracts';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { TicketRow } from './ticket-access.js';
import type { TicketLogInput } from './ticket-logs.js';

/**
 * The ticket action "toggle integration" (inbox.md §4: open or group tickets, no status change):
 * PUT /tickets/{id} with `useIntegration`. On, the ticket is handed to its queue's integration or
 * prompt (the next customer message goes to it; the menu bot lets go); off, the agent takes it back.
 * Either is logged in the ticket's history. A queue with neither is 400 ERR_TICKET_NO_INTEGRATION.
 * The integration and prompt always come from the ticket's own queue (never from the request).
 */
export async function integrationToggle(
  db: Knex,
  current: TicketRow,
  input: TicketUpdateInput,
  auth: AuthUser,
): Promise<{ changes: Record<string, unknown>; logs: TicketLogInput[] } | null> {
  if (input.useIntegration === undefined || input.useIntegration === Boolean(current.useIntegration)) return null;
  const queueId = input.queueId !== undefined ? input.queueId : current.queueId;
  const log = (type: TicketLogInput['type'], data: Record<string, unknown>): TicketLogInput => ({ companyId: current.companyId, ticketId: current.id, type, userId: auth.id, queueId, data });
  if (!input.useIntegration) {
    return {
      changes: { useIntegration: false, isBot: false, conversationHandler: null },
      logs: [log('integrationOff', { integrationId: current.integrationId ?? null, promptId: current.promptId ?? null })],
    };
  }
  const queue: { integrationId: number | null; promptId: number | null } | undefined = queueId
    ? await db('queues').where({ id: queueId, companyId: current.companyId }).first('integrationId', 'promptId')
    : undefined;
  if (!queue?.integrationId && !queue?.promptId) throw new AppError('ERR_TICKET_NO_INTEGRATION', 400);
  return {
    changes: {
      useIntegration: true,
      integrationId: queue.integrationId ?? null,
      promptId: queue.promptId ?? null,
      conversationHandler: null,
      isBot: false,
      botStage: null,
      chatbotId: null,
    },
    logs: [log('integrationOn', { integrationId: queue.integrationId ?? null, promptId: queue.promptId ?? null })],
  };
}
