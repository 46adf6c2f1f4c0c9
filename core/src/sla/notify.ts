import type { Knex } from 'knex';
import { Events, Rooms, type SlaBreachEvent, type SlaKind } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import type { SlaBreach } from '../plugin-sdk/sla.js';

/** Bus topic of a recorded SLA breach (payload SlaBreachEvent + companyId): a live hint for plugins; durable reactions use SlaService.timerOnBreach. */
export const SLA_BREACHED = 'core.sla.breached';

/** The breach as the supervisors and the breach timers see it, read in the transaction that records it. */
export async function breachOf(trx: Knex.Transaction, companyId: number, ticketId: number, kind: SlaKind, dueAt: Date, now: Date): Promise<SlaBreach | null> {
  const ticket = await trx('tickets as t')
    .leftJoin('queues as q', (j) => j.on('q.id', 't.queueId').andOn('q.companyId', 't.companyId'))
    .leftJoin('contacts as c', (j) => j.on('c.id', 't.contactId').andOn('c.companyId', 't.companyId'))
    .where({ 't.id': ticketId, 't.companyId': companyId })
    .first('t.uuid', 't.queueId', 'q.name as queueName', 'c.name as contactName', 'c.number as contactNumber');
  if (!ticket) return null;
  return {
    action: 'breach',
    kind,
    ticketId,
    uuid: ticket.uuid,
    queueId: ticket.queueId ?? null,
    queueName: ticket.queueName ?? null,
    contactName: ticket.contactName ?? null,
    dueAt: dueAt.toISOString(),
    companyId,
    contactNumber: ticket.contactNumber ?? null,
    breachedAt: now.toISOString(),
  };
}

/**
 * company-{id}-slaBreach to the people who supervise the ticket: the company's admins and the
 * users of the ticket's queue who have the dashboard (showDashboard — the project has no separate
 * supervisor profile). One emit to all those rooms, so a socket in several gets it once. After the
 * breach's commit: a rolled-back claim announces nothing.
 */
export async function notifyBreach(core: CoreServices, breach: SlaBreach): Promise<void> {
  const { companyId, ticketId } = breach;
  const event: SlaBreachEvent = {
    action: 'breach',
    kind: breach.kind,
    ticketId,
    uuid: breach.uuid,
    queueId: breach.queueId,
    queueName: breach.queueName,
    contactName: breach.contactName,
    dueAt: breach.dueAt,
  };
  const rooms = [Rooms.companyAdmins(companyId)];
  if (breach.queueId !== null) {
    const supervisors: { id: number }[] = await core.db('users as u')
      .join('userQueues as uq', 'uq.userId', 'u.id')
      .where({ 'u.companyId': companyId, 'uq.companyId': companyId, 'uq.queueId': breach.queueId, 'u.showDashboard': true })
      .whereNot('u.profile', 'admin')
      .select('u.id');
    rooms.push(...supervisors.map((u) => Rooms.user(u.id)));
  }
  core.io.to(rooms).emit(Events.slaBreach(companyId), event);
  await core.bus.publish(SLA_BREACHED, { ...event, companyId }, { companyId }).catch((err: unknown) => core.log.warn({ err, ticketId }, 'sla breach not published'));
}
