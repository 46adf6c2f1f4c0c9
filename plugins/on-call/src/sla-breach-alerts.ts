import { PLANTAO_TIMEZONE, type Language } from '@guiche/contracts';
import { localTime, type PluginContext, type SlaBreach, type TimedJob } from '@guiche/core';
import { onDuty, tellOnDuty } from './on-duty.js';
import { SLA_TARGET, slaText } from './page-texts.js';

export const SLA_BREACH_KIND = 'on-call.sla-breach';
const TOLD = 'plantao_sla_alerts';

const deadline = (breach: Pick<SlaBreach, 'dueAt'>) => localTime(new Date(breach.dueAt), PLANTAO_TIMEZONE).time;

/** The text the on-call phone receives, in the duty user's language. */
export function slaBreachText(breach: Pick<SlaBreach, 'kind' | 'ticketId' | 'contactName' | 'contactNumber' | 'queueName' | 'dueAt'>, language: Language = 'pt'): string {
  const { kind, ticketId, contactName, contactNumber, queueName } = breach;
  return slaText({ kind, ticketId, contactName, contactNumber, queueName, deadline: deadline(breach) }, language);
}

/**
 * An SLA breach (issue #33) pages the on-call people in their window. Core sets this kind's timer in
 * the transaction that records the breach (ctx.sla.timerOnBreach), so the page is as durable as the
 * breach; its claim, the messages and the record commit together: once across nodes and kill -9.
 * Only rotas with `pageSlaBreaches` on are paged. Outside every window nothing is sent (the supervisors
 * were told live; the breach is no longer news later).
 */
export function watchSlaBreaches(ctx: PluginContext): void {
  ctx.timedWork.define<SlaBreach>(SLA_BREACH_KIND, (job) => page(ctx, job), { maxAttempts: 5, backoffMs: 5000 });
  ctx.sla.timerOnBreach(SLA_BREACH_KIND);
}

async function page(ctx: PluginContext, job: TimedJob<SlaBreach>): Promise<void> {
  const { trx, now, payload: breach } = job;
  const plantoes = await onDuty(trx, breach.companyId, now, { slaBreaches: true });
  if (!plantoes.length) return;
  const connection = await ctx.connections.defaultOf(breach.companyId, { trx });
  if (!connection) {
    ctx.log.warn({ companyId: breach.companyId, ticketId: breach.ticketId }, 'on-call: no default connection to page the SLA breach through');
    return;
  }
  const [told] = await trx(TOLD).insert({ companyId: breach.companyId, ticketId: breach.ticketId, kind: breach.kind }).onConflict(['ticket_id', 'kind']).ignore().returning('id');
  if (!told) return; // already paged (a timer set again for the same breach)
  const fields = (language: Language) => ({
    ticket: breach.ticketId,
    contact: breach.contactName,
    number: breach.contactNumber,
    queue: breach.queueName,
    target: SLA_TARGET[language][breach.kind],
    deadline: deadline(breach),
    text: slaBreachText(breach, language),
  });
  const sent = await tellOnDuty(ctx, job, { companyId: breach.companyId, connection }, plantoes, fields, now);
  await trx(TOLD).where({ id: told.id }).update({ notified: sent });
}
