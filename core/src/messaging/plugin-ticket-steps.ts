import type { Knex } from 'knex';
import { withinHours } from '../bot/hours.js';
import type { TicketFacts } from '../plugin-sdk/tickets.js';
import type { WithinTransaction } from '../plugin-sdk/timed-work.js';
import type { CoreServices } from '../services.js';
import { emitTicket } from './ticket-events.js';

type TicketRef = { companyId: number; ticketId: number };

/**
 * What a plan module's conversation step (the flow builder's conditions) may ask of a ticket, read
 * through the caller's transaction: its tags, its contact's fields and whether now is within the
 * service hours that apply to it (the company's scheduleType: company, connection or queue).
 */
export async function ticketFacts(core: CoreServices, trx: Knex.Transaction, ref: TicketRef, now = new Date()): Promise<TicketFacts | null> {
  const ticket = await trx('tickets').where({ companyId: ref.companyId, id: ref.ticketId }).first('id', 'contactId', 'whatsappId', 'queueId');
  if (!ticket) return null;
  const [tagIds, contact, fields, settings] = [
    // select, not pluck('tagId'): pluck reads the row before the camelCase mapping.
    (await trx('ticketTags').where({ companyId: ref.companyId, ticketId: ticket.id }).select('tagId')).map((r: { tagId: number }) => r.tagId),
    await trx('contacts').where({ companyId: ref.companyId, id: ticket.contactId }).first('name', 'number', 'email'),
    await trx('contactCustomFields').where({ companyId: ref.companyId, contactId: ticket.contactId }).select('name', 'value'),
    await core.settings.all(ref.companyId),
  ];
  const contactFields: Record<string, string> = { name: contact?.name ?? '', number: contact?.number ?? '', email: contact?.email ?? '' };
  for (const f of fields as { name: string; value: string }[]) contactFields[f.name] = f.value;
  const scheduleType = settings.scheduleType;
  let schedules: unknown = null;
  if (scheduleType === 'company') schedules = (await trx('companies').where({ id: ref.companyId }).first('schedules'))?.schedules;
  else if (scheduleType === 'connection' && ticket.whatsappId) schedules = (await trx('whatsapps').where({ companyId: ref.companyId, id: ticket.whatsappId }).first('schedules'))?.schedules;
  else if (scheduleType === 'queue' && ticket.queueId) schedules = (await trx('queues').where({ companyId: ref.companyId, id: ticket.queueId }).first('schedules'))?.schedules;
  return { tagIds, contact: contactFields, withinHours: withinHours(schedules as Parameters<typeof withinHours>[0], now) };
}

/** In the caller's transaction: a tag of the company on (or off) the ticket, announced after the commit. False when the tag or the ticket is not the company's. */
export async function setTicketTag(core: CoreServices, within: WithinTransaction, ref: TicketRef, tagId: number, on: boolean): Promise<boolean> {
  const { trx } = within;
  const ticket = await trx('tickets').where({ companyId: ref.companyId, id: ref.ticketId }).first();
  const tag = await trx('tags').where({ companyId: ref.companyId, id: tagId }).first('id');
  if (!ticket || !tag) return false;
  if (on) await trx('ticketTags').insert({ companyId: ref.companyId, ticketId: ticket.id, tagId }).onConflict(['ticketId', 'tagId']).ignore();
  else await trx('ticketTags').where({ companyId: ref.companyId, ticketId: ticket.id, tagId }).delete();
  within.afterCommit(() => emitTicket(core, ticket, 'update'));
  return true;
}
