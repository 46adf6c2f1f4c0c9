import type { Knex } from 'knex';
import type { Contact } from '@guiche/contracts';
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
  /**
   * hasFarewell: the connection has a farewell (complationMessage), so resolving can send one;
   * hasRatingMessage: it has a ratingMessage, without which no rating request is sent.
   */
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: string; wavoip: string | null; hasFarewell: boolean; hasRatingMessage: boolean } | null;
  tags: { id: number; name: string; color: string }[];
  /** The contact's answer to the rating question of this ticket (1 to 5), when there is one. */
  userRating: { rate: number } | null;
}

interface TicketExtras {
  ticket_id: number;
  queue_id: number | null;
  queue_name: string | null;
  queue_color: string | null;
  user_id: number | null;
  user_name: string | null;
  whatsapp_id: number | null;
  whatsapp_name: string | null;
  whatsapp_channel: string | null;
  whatsapp_group_as_ticket: string | null;
  whatsapp_wavoip: string | null;
  whatsapp_has_farewell: boolean | null;
  whatsapp_has_rating_message: boolean | null;
  tags: TicketDetails['tags'];
  rate: number | null;
}

/** The contacts of the tickets with their tags (ordered by name), in one query. */
function contactsWithTags(db: Knex, companyId: number, contactIds: number[]): Promise<Contact[]> {
  return db('contacts')
    .where({ companyId })
    .whereIn('id', contactIds)
    .select(
      ...CONTACT_COLUMNS.map((c) => `contacts.${c}`),
      db.raw(
        `coalesce((select json_agg(json_build_object('id', tags.id, 'name', tags.name, 'color', tags.color, 'kanban', tags.kanban) order by tags.name)
           from contact_tags join tags on tags.id = contact_tags.tag_id
           where contact_tags.contact_id = contacts.id and contact_tags.company_id = contacts.company_id), '[]'::json) as tags`,
      ),
    );
}

/**
 * Per ticket, in one query: its queue, user and connection (left joins on their primary keys),
 * its tags (ordered by name) and the contact's answer to its rating question (the latest rated row).
 */
async function ticketExtras(db: Knex, companyId: number, tickets: TicketRow[]): Promise<Map<number, TicketExtras>> {
  const column = (pick: (t: TicketRow) => number | null) => tickets.map(pick);
  const { rows } = await db.raw<{ rows: TicketExtras[] }>(
    `select t.ticket_id,
       q.id as queue_id, q.name as queue_name, q.color as queue_color,
       u.id as user_id, u.name as user_name,
       w.id as whatsapp_id, w.name as whatsapp_name, w.channel as whatsapp_channel,
       w.group_as_ticket as whatsapp_group_as_ticket, w.wavoip as whatsapp_wavoip,
       coalesce(btrim(w.complation_message), '') <> '' as whatsapp_has_farewell,
       coalesce(btrim(w.rating_message), '') <> '' as whatsapp_has_rating_message,
       coalesce((select json_agg(json_build_object('id', tags.id, 'name', tags.name, 'color', tags.color) order by tags.name)
                 from ticket_tags join tags on tags.id = ticket_tags.tag_id
                 where ticket_tags.ticket_id = t.ticket_id and ticket_tags.company_id = :companyId), '[]'::json) as tags,
       (select r.rate from ticket_ratings r
        where r.ticket_id = t.ticket_id and r.company_id = :companyId and r.rate is not null
        order by r.id desc limit 1) as rate
     from unnest(cast(:ids as int[]), cast(:queueIds as int[]), cast(:userIds as int[]), cast(:whatsappIds as int[])) as t(ticket_id, queue_id, user_id, whatsapp_id)
     left join queues q on q.id = t.queue_id and q.company_id = :companyId
     left join users u on u.id = t.user_id and u.company_id = :companyId
     left join whatsapps w on w.id = t.whatsapp_id and w.company_id = :companyId`,
    {
      companyId,
      ids: column((t) => t.id),
      queueIds: column((t) => t.queueId),
      userIds: column((t) => t.userId),
      whatsappIds: column((t) => t.whatsappId),
    },
  );
  return new Map(rows.map((r) => [r.ticket_id, r]));
}

function detailsOf(ticket: TicketRow, contact: Contact, extras: TicketExtras | undefined): TicketDetails {
  return {
    ...ticket,
    contact,
    queue: extras?.queue_id != null ? { id: extras.queue_id, name: extras.queue_name!, color: extras.queue_color! } : null,
    user: extras?.user_id != null ? { id: extras.user_id, name: extras.user_name! } : null,
    whatsapp:
      extras?.whatsapp_id != null
        ? {
            id: extras.whatsapp_id,
            name: extras.whatsapp_name!,
            channel: extras.whatsapp_channel!,
            groupAsTicket: extras.whatsapp_group_as_ticket!,
            wavoip: extras.whatsapp_wavoip,
            hasFarewell: Boolean(extras.whatsapp_has_farewell),
            hasRatingMessage: Boolean(extras.whatsapp_has_rating_message),
          }
        : null,
    tags: extras?.tags ?? [],
    userRating: extras?.rate != null ? { rate: extras.rate } : null,
  };
}

/** Related records of many tickets in two queries, run together (never one query per ticket). */
export async function withDetails(db: Knex, companyId: number, tickets: TicketRow[]): Promise<TicketDetails[]> {
  if (!tickets.length) return [];
  const contactIds = [...new Set(tickets.map((t) => t.contactId))];
  const [contacts, extras] = await Promise.all([contactsWithTags(db, companyId, contactIds), ticketExtras(db, companyId, tickets)]);
  const contactMap = new Map(contacts.map((c) => [c.id, c]));
  return tickets.map((t) => detailsOf(t, contactMap.get(t.contactId)!, extras.get(t.id)));
}

export async function ticketDetails(db: Knex, ticket: TicketRow): Promise<TicketDetails> {
  const [details] = await withDetails(db, ticket.companyId, [ticket]);
  return details!;
}

export function maskTicket<T extends { contact: Contact }>(ticket: T): T {
  return { ...ticket, contact: maskContact(ticket.contact) };
}
