import type { Knex } from 'knex';
import type { BotQueue } from './catalog.js';
import { withinWorkHours } from './hours.js';
import { logTicket, say, setTicket, type BotRun } from './run.js';
import { BotTexts } from './texts.js';
import { BotTimers } from './timers.js';

interface Candidate {
  id: number;
  name: string;
  startWork: string | null;
  endWork: string | null;
  load: number;
}

/**
 * The queue's users who can take a ticket now: online and within their work hours, with how many
 * active tickets each holds. `exclude` leaves out the current assignee (rotation moves on).
 */
export async function availableUsers(db: Knex | Knex.Transaction, companyId: number, queueId: number, now: Date, exclude?: number | null): Promise<Candidate[]> {
  const rows: Candidate[] = await db('userQueues as uq')
    .join('users as u', 'u.id', 'uq.userId')
    .where({ 'uq.companyId': companyId, 'uq.queueId': queueId, 'u.online': true })
    .select(
      'u.id',
      'u.name',
      'u.startWork',
      'u.endWork',
      db.raw(`(select count(*) from tickets t where t.company_id = u.company_id and t.user_id = u.id and t.status in ('pending', 'open'))::int as load`),
    )
    .orderBy('u.id');
  return rows.filter((u) => u.id !== exclude && withinWorkHours(u.startWork, u.endWork, now));
}

/** userRandom picks at random; otherwise the least loaded user (lowest id on a tie). */
export function pick(candidates: Candidate[], random: boolean): Candidate | undefined {
  if (!candidates.length) return undefined;
  if (random) return candidates[Math.floor(Math.random() * candidates.length)];
  return [...candidates].sort((a, b) => a.load - b.load || a.id - b.id)[0];
}

/** The customer's place among the queue's unassigned pending tickets (older first). */
async function queuePosition(run: BotRun, queueId: number): Promise<number> {
  const [{ n }] = await run
    .trx('tickets')
    .where({ companyId: run.ticket.companyId, queueId, status: 'pending' })
    .whereNull('userId')
    .where('id', '<', run.ticket.id)
    .count({ n: '*' });
  return Number(n) + 1;
}

/** Rotation over the queue's users (ativarRoteador every tempoRoteador minutes), when it is on. */
export function rotationMinutes(queue: Pick<BotQueue, 'ativarRoteador' | 'tempoRoteador'>): number {
  return queue.ativarRoteador && queue.tempoRoteador > 0 ? queue.tempoRoteador : 0;
}

/**
 * The bot lets go: the ticket waits, pending, for a human of `queue` (or of nobody's queue). With
 * userRandom a random available user of the queue gets it at once; with sendQueuePosition the
 * customer is told their place; with rotation the ticket is offered to the queue's users in turn.
 */
export async function handOver(run: BotRun, queue: BotQueue | null): Promise<void> {
  setTicket(run, { botStage: null, chatbotId: null, isBot: false, status: 'pending' });
  if (!queue) return;
  if (!run.ticket.userId && run.settings.userRandom === 'enabled') {
    const user = pick(await availableUsers(run.trx, run.ticket.companyId, queue.id, run.now), true);
    if (user) {
      setTicket(run, { userId: user.id });
      logTicket(run, 'transfered', { userId: user.id, data: { toUserId: user.id, by: 'userRandom' } });
    }
  }
  if (!run.ticket.userId && run.settings.sendQueuePosition === 'enabled') {
    await say(run, BotTexts.queuePosition(await queuePosition(run, queue.id)));
  }
  const minutes = rotationMinutes(queue);
  if (minutes) run.timers.push({ kind: BotTimers.rotate, dueAt: new Date(run.now.getTime() + minutes * 60000), payload: { queueId: queue.id } });
}
