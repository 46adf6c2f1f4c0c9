import { PLANTAO_TIMEZONE, type PlantaoDay } from '@guiche/contracts';
import type { PluginContext, SlaBreach, TimedJob } from '@guiche/core';
import { PLANTOES } from './plantao-service.js';
import { isOnCall } from './window.js';

export const SLA_BREACH_KIND = 'on-call.sla-breach';
const TOLD = 'plantao_sla_alerts';

const TARGET_NAME: Record<SlaBreach['kind'], string> = { firstResponse: 'primeira resposta', resolution: 'resolução' };
const clock = new Intl.DateTimeFormat('pt-BR', { timeZone: PLANTAO_TIMEZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The text the on-call phone receives (Portuguese, the product's default language). */
export function slaBreachText(breach: Pick<SlaBreach, 'kind' | 'ticketId' | 'contactName' | 'contactNumber' | 'queueName' | 'dueAt'>): string {
  const contact = breach.contactName ? ` de ${breach.contactName}${breach.contactNumber ? ` (${breach.contactNumber})` : ''}` : '';
  const queue = breach.queueName ? ` na fila ${breach.queueName}` : '';
  return `⏰ Plantão: o ticket #${breach.ticketId}${contact}${queue} estourou o SLA de ${TARGET_NAME[breach.kind]} (prazo ${clock.format(new Date(breach.dueAt))}).`;
}

/**
 * An SLA breach (issue #33) pages the on-call people in their window. Core sets this kind's timer in
 * the transaction that records the breach (ctx.sla.timerOnBreach), so the page is as durable as the
 * breach; its claim, the messages and the record commit together: once across nodes and kill -9.
 * Outside every window nothing is sent (the supervisors were told live; the breach is no longer news later).
 */
export function watchSlaBreaches(ctx: PluginContext): void {
  ctx.timedWork.define<SlaBreach>(SLA_BREACH_KIND, (job) => page(ctx, job), { maxAttempts: 5, backoffMs: 5000 });
  ctx.sla.timerOnBreach(SLA_BREACH_KIND);
}

async function page(ctx: PluginContext, job: TimedJob<SlaBreach>): Promise<void> {
  const { trx, now, payload: breach } = job;
  const plantoes = (await trx(PLANTOES).where({ companyId: breach.companyId }).orderBy('id').select('id', 'userId', 'phone', 'days')).filter((p) =>
    isOnCall((typeof p.days === 'string' ? JSON.parse(p.days) : p.days) as PlantaoDay[], now),
  );
  if (!plantoes.length) return;
  const connection = await ctx.connections.defaultOf(breach.companyId, { trx });
  if (!connection) {
    ctx.log.warn({ companyId: breach.companyId, ticketId: breach.ticketId }, 'on-call: no default connection to page the SLA breach through');
    return;
  }
  const [told] = await trx(TOLD).insert({ companyId: breach.companyId, ticketId: breach.ticketId, kind: breach.kind }).onConflict(['ticket_id', 'kind']).ignore().returning('id');
  if (!told) return; // already paged (a timer set again for the same breach)
  for (const plantao of plantoes) {
    // The on-call person's own conversation, assigned to them (never a waiting ticket itself).
    const conversation = await ctx.conversations.open({ companyId: breach.companyId, connectionId: connection.id, number: plantao.phone, userId: plantao.userId }, job);
    await ctx.messages.send({ companyId: breach.companyId, ticketId: conversation.ticketId, userId: null, body: slaBreachText(breach) }, job);
  }
  await trx(TOLD).where({ id: told.id }).update({ notified: plantoes.length });
}
