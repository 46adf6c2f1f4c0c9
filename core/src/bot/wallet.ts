import { withinWorkHours } from './hours.js';
import { logTicket, say, setTicket, type BotRun } from './run.js';
import { BotTimers } from './timers.js';

interface WalletOwner {
  id: number;
  name: string;
  online: boolean;
  startWork: string | null;
  endWork: string | null;
}

/**
 * The owner's queue for the ticket: the first of the connection's queues the owner is in, else
 * the owner's first queue, else none (the owner still sees it: it is theirs).
 */
async function ownerQueue(run: BotRun, ownerId: number): Promise<{ id: number; name: string } | undefined> {
  const rows: { id: number; name: string }[] = await run
    .trx('userQueues as uq')
    .join('queues as q', 'q.id', 'uq.queueId')
    .where({ 'uq.companyId': run.ticket.companyId, 'uq.userId': ownerId })
    .orderBy([{ column: 'q.orderQueue', order: 'asc', nulls: 'last' }, { column: 'q.name' }, { column: 'q.id' }])
    .select('q.id', 'q.name');
  return rows.find((q) => run.connection.queueIds.includes(q.id)) ?? rows[0];
}

/**
 * walletRouting (issue #33): a contact with an owner agent starts straight with them — pending in
 * their queue, or open with "open" — instead of the queue menu. The owner must be online and within
 * their work hours; otherwise (or without an owner) the answer is false and the normal flow goes on.
 */
export async function toWalletOwner(run: BotRun): Promise<boolean> {
  const mode = run.settings.walletRouting;
  if (mode !== 'pending' && mode !== 'open') return false;
  const contact: { ownerUserId: number | null } | undefined = await run.trx('contacts').where({ id: run.contact.id, companyId: run.ticket.companyId }).first('ownerUserId');
  if (!contact?.ownerUserId) return false;
  const owner: WalletOwner | undefined = await run
    .trx('users')
    .where({ id: contact.ownerUserId, companyId: run.ticket.companyId })
    .first('id', 'name', 'online', 'startWork', 'endWork');
  if (!owner?.online || !withinWorkHours(owner.startWork, owner.endWork, run.now)) {
    logTicket(run, 'chatBot', { data: { wallet: 'ownerUnavailable', ownerUserId: contact.ownerUserId } });
    return false;
  }
  const queue = await ownerQueue(run, owner.id);
  run.queueName = queue?.name ?? null;
  run.userName = owner.name;
  await say(run, run.connection.greetingMessage);
  setTicket(run, { botStage: null, chatbotId: null, isBot: false, queueId: queue?.id ?? null, userId: owner.id, status: mode, ...(mode === 'open' ? { acceptedAt: run.now } : {}) });
  run.timers.push({ kind: BotTimers.inactive, cancel: true }, { kind: BotTimers.sendQueue, cancel: true });
  logTicket(run, 'transfered', { userId: owner.id, queueId: queue?.id ?? null, data: { toUserId: owner.id, by: 'wallet' } });
  if (mode === 'open') logTicket(run, 'open', { userId: owner.id, queueId: queue?.id ?? null, data: { by: 'wallet' } });
  return true;
}
