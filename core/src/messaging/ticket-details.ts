import type { Knex } from 'knex';
import type { Contact } from '@guiche/contracts';
import { tagsOfContacts } from '../contacts/contact-repository.js';
import { maskContact } from '../contacts/lgpd.js';
import type { TicketRow } from './ticket-access.js';

const CONTACT_COLUMNS = [
  'id', 'name', 'number', 'email', 'profilePicUrl', 'urlPicture', 'active', 'disableBot', 'acceptAudioMessage',
  'lgpdAcceptedAt', 'channel', 'isGroup', 'companyId', 'remoteJid', 'lastMessageAt', 'createdAt', 'updatedAt',
];

/** A ticket as the API and the live events answer it (inbox.md §3 Ticket). */
export interface TicketDetails extends TicketRow {
  contact: Contact;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: string; wavoip: string | null } | null;
  tags: { id: number; name: string; color: string }[];
  /** The contact's answer to the rating question of this ticket (1 to 5), when there is one. */
  userRating: { rate: number } | null;
}

function byId<T extends { id: number }>(rows: T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

/** Related records of many tickets in one query per table (never one query per ticket). */
export async function withDetails(db: Knex, companyId: number, tickets: TicketRow[]): Promise<TicketDetails[]> {
  if (!tickets.length) return [];
  const ids = (pick: (t: TicketRow) => number | null) => [...new Set(tickets.map(pick).filter((v): v is number => v !== null))];
  const [contacts, queues, users, whatsapps, tagRows, ratings] = await Promise.all([
    db('contacts').where({ companyId }).whereIn('id', ids((t) => t.contactId)).select(CONTACT_COLUMNS),
    db('queues').where({ companyId }).whereIn('id', ids((t) => t.queueId)).select('id', 'name', 'color'),
    db('users').where({ companyId }).whereIn('id', ids((t) => t.userId)).select('id', 'name'),
    db('whatsapps').where({ companyId }).whereIn('id', ids((t) => t.whatsappId)).select('id', 'name', 'channel', 'groupAsTicket', 'wavoip'),
    db('ticketTags')
      .join('tags', 'tags.id', 'ticketTags.tagId')
      .where('ticketTags.companyId', companyId)
      .whereIn('ticketTags.ticketId', tickets.map((t) => t.id))
      .orderBy('tags.name')
      .select('ticketTags.ticketId', 'tags.id', 'tags.name', 'tags.color'),
    db('ticketRatings')
      .where({ companyId })
      .whereIn('ticketId', tickets.map((t) => t.id))
      .whereNotNull('rate')
      .orderBy('id')
      .select('ticketId', 'rate'),
  ]);
  const rateByTicket = new Map((ratings as { ticketId: number; rate: number }[]).map((r) => [r.ticketId, r.rate]));
  const contactTags = await tagsOfContacts(db, companyId, contacts.map((c: { id: number }) => c.id));
  const contactMap = byId(contacts as Contact[]);
  const queueMap = byId(queues as NonNullable<TicketDetails['queue']>[]);
  const userMap = byId(users as NonNullable<TicketDetails['user']>[]);
  const whatsappMap = byId(whatsapps as NonNullable<TicketDetails['whatsapp']>[]);
  const tagsByTicket = new Map<number, TicketDetails['tags']>();
  for (const { ticketId, ...tag } of tagRows as (TicketDetails['tags'][number] & { ticketId: number })[]) {
    tagsByTicket.set(ticketId, [...(tagsByTicket.get(ticketId) ?? []), tag]);
  }
  return tickets.map((t) => {
    const contact = contactMap.get(t.contactId)!;
    return {
      ...t,
      contact: { ...contact, tags: contactTags.get(t.contactId) ?? [] },
      queue: t.queueId !== null ? (queueMap.get(t.queueId) ?? null) : null,
      user: t.userId !== null ? (userMap.get(t.userId) ?? null) : null,
      whatsapp: t.whatsappId !== null ? (whatsappMap.get(t.whatsappId) ?? null) : null,
      tags: tagsByTicket.get(t.id) ?? [],
      userRating: rateByTicket.has(t.id) ? { rate: rateByTicket.get(t.id)! } : null,
    };
  });
}

export async function ticketDetails(db: Knex, ticket: TicketRow): Promise<TicketDetails> {
  const [details] = await withDetails(db, ticket.companyId, [ticket]);
  return details!;
}

export function maskTicket<T extends { contact: Contact }>(ticket: T): T {
  return { ...ticket, contact: maskContact(ticket.contact) };
}
