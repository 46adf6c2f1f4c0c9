import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import { BotTexts } from './texts.js';
import { BotTimers, cancelTicketTimers } from './timers.js';

/** The bot timers an agent's transition makes moot (cancelled in the transition's transaction). */
const MOOT: Record<string, string[]> = {
  accept: [BotTimers.inactive, BotTimers.rotate, BotTimers.sendQueue],
  resolve: [BotTimers.inactive, BotTimers.rotate, BotTimers.sendQueue, BotTimers.expire],
  ignore: [BotTimers.inactive, BotTimers.rotate, BotTimers.sendQueue, BotTimers.expire],
  transferQueue: [BotTimers.inactive, BotTimers.sendQueue, BotTimers.rotate],
  changeQueue: [BotTimers.inactive, BotTimers.sendQueue, BotTimers.rotate],
  transferUser: [BotTimers.inactive, BotTimers.rotate, BotTimers.sendQueue],
  returnToQueue: [BotTimers.inactive],
};

/** Ticket columns a transition sets so the bot stops talking once a human took over. */
export function botStopChanges(kind: string, current: TicketRow): Record<string, unknown> {
  if (!MOOT[kind] || !current.botStage) return {};
  return { botStage: null, chatbotId: null, isBot: false };
}

/** Cancels, inside the transition's transaction, the bot timers the transition made moot. */
export async function cancelMootTimers(core: CoreServices, trx: Knex.Transaction, kind: string, ticketId: number): Promise<void> {
  const kinds = MOOT[kind];
  if (kinds) await cancelTicketTimers(core, trx, ticketId, kinds);
}

/** sendMsgTransfTicket: the customer is told where a transfer took them (after the transition committed). */
export async function announceTransfer(core: CoreServices, kind: string, ticket: TicketRow): Promise<void> {
  if (kind !== 'transferQueue' && kind !== 'transferUser' && kind !== 'changeQueue') return;
  if (ticket.isGroup || (await core.settings.get(ticket.companyId, 'sendMsgTransfTicket')) !== 'enabled') return;
  const [queue, user] = await Promise.all([
    ticket.queueId ? core.db('queues').where({ id: ticket.queueId }).first('name') : undefined,
    kind === 'transferUser' && ticket.userId ? core.db('users').where({ id: ticket.userId }).first('name') : undefined,
  ]);
  const body = user ? BotTexts.transferredToUser(user.name) : queue ? BotTexts.transferredToQueue(queue.name) : '';
  if (!body) return;
  try {
    await core.channels.sender.send({ companyId: ticket.companyId, ticketId: ticket.id, userId: null, body });
  } catch (err) {
    core.log.warn({ err, ticketId: ticket.id }, 'transfer message not sent');
  }
}
