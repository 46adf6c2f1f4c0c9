import type { Knex } from 'knex';
import objection from 'objection';
import type { Contact, TicketSla } from '@guiche/contracts';
import { maskContact } from '../contacts/lgpd.js';
import type { TicketDetails, TicketRow } from '../plugin-sdk/tickets.js';

export type { TicketDetails };

const CONTACT_COLUMNS = [
  'id', 'name', 'number', 'email', 'profilePicUrl', 'urlPicture', 'active', 'disableBot', 'acceptAudioMessage',
  'lgpdAcceptedAt', 'channel', 'isGroup', 'companyId', 'remoteJid', 'lastMessageAt', 'createdAt', 'updatedAt',
];


/** A row of the details query: the ticket's related records (x_*), its contact's columns as x_contact_<column>. */
interface TicketExtras {
  x_ticket_id: number;
  x_queue_id: number | null;
  x_queue_name: string | null;
  x_queue_color: string | null;
  x_user_id: number | null;
  x_user_name: string | null;
  x_whatsapp_id: number | null;
  x_whatsapp_name: string | null;
  x_whatsapp_channel: string | null;
  x_whatsapp_group_as_ticket: string | null;
  x_whatsapp_wavoip: string | null;
  x_whatsapp_has_farewell: boolean | null;
  x_whatsapp_has_rating_message: boolean | null;
  x_tags: TicketDetails['tags'];
  x_rate: number | null;
  x_sla: TicketSla | null;
  x_contact_tags: unknown[];
  [contactColumn: `x_contact_${string}`]: unknown;
}

const snake = (column: string) => column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const CONTACT_SELECT = CONTACT_COLUMNS.map((c) => `c.${snake(c)} as x_contact_${snake(c)}`).join(', ');
/** The ticket row's own columns as knex answers them (camelCase), for the read that selects t.* raw. */
const { postProcessResponse: camelCaseKeys } = objection.knexSnakeCaseMappers();

/**
 * The select list and joins of the details of the tickets `t` (id, company_id, contact_id,
 * queue_id, user_id, whatsapp_id): its contact (with the contact's tags, ordered by name), its
 * queue, user and connection (left joins on their primary keys), its tags (ordered by name) and
 * the contact's answer to its rating question (the latest rated row). Every name is x_-prefixed,
 * so a caller may select the ticket's own columns beside them.
 */
const EXTRAS = `t.id as x_ticket_id, ${CONTACT_SELECT},
       coalesce((select json_agg(json_build_object('id', tags.id, 'name', tags.name, 'color', tags.color, 'kanban', tags.kanban) order by tags.name)
                 from contact_tags join tags on tags.id = contact_tags.tag_id
                 where contact_tags.contact_id = c.id and contact_tags.company_id = c.company_id), '[]'::json) as x_contact_tags,
       q.id as x_queue_id, q.name as x_queue_name, q.color as x_queue_color,
       u.id as x_user_id, u.name as x_user_name,
       w.id as x_whatsapp_id, w.name as x_whatsapp_name, w.channel as x_whatsapp_channel,
       w.group_as_ticket as x_whatsapp_group_as_ticket, w.wavoip as x_whatsapp_wavoip,
       coalesce(btrim(w.complation_message), '') <> '' as x_whatsapp_has_farewell,
       coalesce(btrim(w.rating_message), '') <> '' as x_whatsapp_has_rating_message,
       coalesce((select json_agg(json_build_object('id', tags.id, 'name', tags.name, 'color', tags.color, 'kanban', tags.kanban) order by tags.name)
                 from ticket_tags join tags on tags.id = ticket_tags.tag_id
                 where ticket_tags.ticket_id = t.id and ticket_tags.company_id = t.company_id), '[]'::json) as x_tags,
       (select r.rate from ticket_ratings r
        where r.ticket_id = t.id and r.company_id = t.company_id and r.rate is not null
        order by r.id desc limit 1) as x_rate,
       (select json_build_object('startedAt', s.started_at, 'firstResponseDueAt', s.first_response_due_at,
                 'firstResponseWarnAt', s.first_response_warn_at, 'resolutionDueAt', s.resolution_due_at,
                 'resolutionWarnAt', s.resolution_warn_at, 'firstResponseBreachedAt', s.first_response_breached_at,
                 'resolutionBreachedAt', s.resolution_breached_at, 'firstResponseAt', m.first_response_at)
        from ticket_sla s left join ticket_metrics m on m.ticket_id = s.ticket_id
        where s.ticket_id = t.id and s.company_id = t.company_id) as x_sla`;
const JOINS = `left join contacts c on c.id = t.contact_id and c.company_id = t.company_id
     left join queues q on q.id = t.queue_id and q.company_id = t.company_id
     left join users u on u.id = t.user_id and u.company_id = t.company_id
     left join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id`;

/** The details' records of many tickets, in one query. */
async function ticketExtras(db: Knex, companyId: number, tickets: TicketRow[]): Promise<Map<number, TicketExtras>> {
  const column = (pick: (t: TicketRow) => number | null) => tickets.map(pick);
  const { rows } = await db.raw<{ rows: TicketExtras[] }>(
    `select ${EXTRAS}
     from unnest(cast(:ids as int[]), cast(:contactIds as int[]), cast(:queueIds as int[]), cast(:userIds as int[]), cast(:whatsappIds as int[]))
       as u0(id, contact_id, queue_id, user_id, whatsapp_id)
     cross join lateral (select u0.id, cast(:companyId as int) as company_id, u0.contact_id, u0.queue_id, u0.user_id, u0.whatsapp_id) t
     ${JOINS}`,
    {
      companyId,
      ids: column((t) => t.id),
      contactIds: column((t) => t.contactId),
      queueIds: column((t) => t.queueId),
      userIds: column((t) => t.userId),
      whatsappIds: column((t) => t.whatsappId),
    },
  );
  return new Map(rows.map((r) => [r.x_ticket_id, r]));
}

/** The contact of a details row as the API answers it (undefined when the ticket's contact is gone). */
function contactOf(extras: TicketExtras | undefined): Contact {
  if (extras?.x_contact_id == null) return undefined as unknown as Contact;
  const contact: Record<string, unknown> = Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, extras[`x_contact_${snake(c)}`]]));
  contact.tags = extras.x_contact_tags;
  return contact as unknown as Contact;
}

function detailsOf(ticket: TicketRow, extras: TicketExtras | undefined): TicketDetails {
  return {
    ...ticket,
    contact: contactOf(extras),
    queue: extras?.x_queue_id != null ? { id: extras.x_queue_id, name: extras.x_queue_name!, color: extras.x_queue_color! } : null,
    user: extras?.x_user_id != null ? { id: extras.x_user_id, name: extras.x_user_name! } : null,
    whatsapp:
      extras?.x_whatsapp_id != null
        ? {
            id: extras.x_whatsapp_id,
            name: extras.x_whatsapp_name!,
            channel: extras.x_whatsapp_channel!,
            groupAsTicket: extras.x_whatsapp_group_as_ticket!,
            wavoip: extras.x_whatsapp_wavoip,
            hasFarewell: Boolean(extras.x_whatsapp_has_farewell),
            hasRatingMessage: Boolean(extras.x_whatsapp_has_rating_message),
          }
        : null,
    tags: extras?.x_tags ?? [],
    userRating: extras?.x_rate != null ? { rate: extras.x_rate } : null,
    sla: extras?.x_sla ?? null,
  };
}

/** Related records of many tickets in one query (never one query per ticket). */
export async function withDetails(db: Knex, companyId: number, tickets: TicketRow[]): Promise<TicketDetails[]> {
  if (!tickets.length) return [];
  const extras = await ticketExtras(db, companyId, tickets);
  return tickets.map((t) => detailsOf(t, extras.get(t.id)));
}

export async function ticketDetails(db: Knex, ticket: TicketRow): Promise<TicketDetails> {
  const [details] = await withDetails(db, ticket.companyId, [ticket]);
  return details!;
}

/**
 * A ticket as committed now, with its details, in one statement (the row and its records read
 * together): for events sent after a commit that must not carry an earlier copy of the row.
 */
export async function currentTicketDetails(db: Knex, ticketId: number): Promise<TicketDetails | undefined> {
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(`select t.*, ${EXTRAS} from tickets t ${JOINS} where t.id = ?`, [ticketId]);
  const row = rows[0];
  if (!row) return undefined;
  const own: Record<string, unknown> = {};
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) (key.startsWith('x_') ? extras : own)[key] = value;
  return detailsOf(camelCaseKeys(own) as TicketRow, extras as unknown as TicketExtras);
}

export function maskTicket<T extends { contact: Contact }>(ticket: T): T {
  return { ...ticket, contact: maskContact(ticket.contact) };
}
