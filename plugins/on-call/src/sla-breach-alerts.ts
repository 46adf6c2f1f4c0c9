import { PLANTAO_TIMEZONE } from '@guiche/contracts';
import { localTime, type PluginContext, type SlaBreach, type TimedJob } from '@guiche/core';
import { onDuty, tellOnDuty } from './on-duty.js';

export const SLA_BREACH_KIND = 'on-call.sla-breach';
const TOLD = 'plantao_sla_alerts';

const TARGET_NAME: Record<SlaBreach['kind'], string> = { firstResponse: 'primeira resposta', resolution: 'resolução' };

const deadline = (breach: Pick<SlaBreach, 'dueAt'>) => localTime(new Date(breach.dueAt), PLANTAO_TIMEZONE).time;

/** The text the on-call phone receives (Portuguese, the product's default language). */
export function slaBreachText(breach: Pick<SlaBreach, 'kind' | 'ticketId' | 'contactName' | 'contactNumber' | 'queueName' | 'dueAt'>): string {
  const contact = breach.contactName ? ` de ${breach.contactName}${breach.contactNumber ? ` (${breach.contactNumber})` : ''}` : '';
  const queue = breach.queueName ? ` na fila ${breach.queueName}` : '';
  return `⏰ Plantão: o ticket #${breach.ticketId}${contact}${queue} estourou o SLA de ${TARGET_NAME[breach.kind]} (prazo ${deadline(breach)}).`;
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
  const plantoes = await onDuty(trx, breach.companyId, now);
  if (!plantoes.length) return;
  const connection = await ctx.connections.defaultOf(breach.companyId, { trx });
  if (!connection) {
    ctx.log.warn({ companyId: breach.companyId, ticketId: breach.ticketId }, 'on-call: no default connection to page the SLA breach through');
    return;
  }
  const [told] = await trx(TOLD).insert({ companyId: breach.companyId, ticketId: breach.ticketId, kind: breach.kind }).onConflict(['ticket_id', 'kind']).ignore().returning('id');
  if (!told) return; // already paged (a timer set again for the same breach)
  const fields = {
    ticket: breach.ticketId,
    contact: breach.contactName,
    number: breach.contactNumber,
    queue: breach.queueName,
    target: TARGET_NAME[breach.kind],
    deadline: deadline(breach),
    text: slaBreachText(breach),
  };
  const sent = await tellOnDuty(ctx, job, { companyId: breach.companyId, connection }, plantoes, fields, now);
  await trx(TOLD).where({ id: told.id }).update({ notified: sent });
}
