import type { ConversationHandler, ConversationStarter, PluginContext } from '@guiche/core';
import { triggeredFlow } from './triggers.js';
import { activeRun, startRun } from './runs.js';
import { walkMessage } from './walk.js';

/** The conversation type of a ticket a flow holds (tickets.conversation_handler). */
export const FLOW_HANDLER = 'flow-builder';

/** In the message's transaction: a trigger's flow gets a run at its start and the ticket is claimed for the flow handler. */
export const flowStarter: ConversationStarter = async ({ trx, companyId, connectionId, ticket, newConversation, firstContact, message }) => {
  const hit = await triggeredFlow(trx, { companyId, connectionId, body: message.body, newConversation, firstContact });
  if (!hit) return null;
  await startRun(trx, { companyId, ticketId: ticket.id, ...hit });
  return FLOW_HANDLER;
};

/** Each customer message of a ticket the flow holds: its run walks on (walk.ts). */
export function flowHandler(ctx: Pick<PluginContext, 'db' | 'messages'>): ConversationHandler {
  return async (input) => {
    const after: (() => Promise<void> | void)[] = [];
    const outcome = await ctx.db.transaction(async (trx) => {
      const run = await activeRun(trx, input.companyId, input.ticket.id);
      if (!run) return 'handover' as const;
      return walkMessage({ messages: ctx.messages }, trx, { trx, afterCommit: (fn) => void after.push(fn) }, run, input);
    });
    for (const fn of after) await fn();
    return outcome;
  };
}
