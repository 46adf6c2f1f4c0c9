import type { Knex } from 'knex';
import type { PlantaoDay } from '@guiche/contracts';
import type { PluginContext, WithinTransaction } from '@guiche/core';
import { PLANTOES } from './plantao-service.js';
import { isOnCall } from './window.js';

export interface OnDuty {
  id: number;
  userId: number;
  phone: string;
}

/** The company's on-call people whose window is open at `now`, in rota order (the one-shot alerts page each of them). */
export async function onDuty(trx: Knex, companyId: number, now: Date): Promise<OnDuty[]> {
  const rows: (OnDuty & { days: PlantaoDay[] | string })[] = await trx(PLANTOES).where({ companyId }).orderBy('id').select('id', 'userId', 'phone', 'days');
  return rows
    .filter((p) => isOnCall(typeof p.days === 'string' ? (JSON.parse(p.days) as PlantaoDay[]) : p.days, now))
    .map(({ id, userId, phone }) => ({ id, userId, phone }));
}

/**
 * One message to each of them, in their own conversation on `connectionId`, assigned to them
 * (never a waiting ticket itself), within the caller's transaction.
 */
export async function tellOnDuty(ctx: Pick<PluginContext, 'conversations' | 'messages'>, within: WithinTransaction, to: { companyId: number; connectionId: number }, people: OnDuty[], body: string): Promise<void> {
  for (const person of people) {
    const conversation = await ctx.conversations.open({ companyId: to.companyId, connectionId: to.connectionId, number: person.phone, userId: person.userId }, within);
    await ctx.messages.send({ companyId: to.companyId, ticketId: conversation.ticketId, userId: null, body }, within);
  }
}
