import { z } from 'zod';
import { IDS_MAX, PG_INT_MAX, PrimitiveV, date, id, idOrZero, idsJson, int, isRealDateTime, jsonArray, pageNumber, text } from './primitives.js';
import { TicketStatuses, TicketV } from './tickets-constants.js';

/** Tickets' schemas (inbox.md §3, §4); the statuses, events and rooms are in tickets-constants.ts. */
export * from './tickets-constants.js';

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A JSON array of ids in a query string; for queueIds 0 or null stands for 'Sem fila' (no queue). */
function idListJson(allowNoQueue: boolean) {
  if (!allowNoQueue) return idsJson(IDS_MAX, TicketV.idList);
  return jsonArray(z.union([z.null(), idOrZero]), IDS_MAX, TicketV.idList).transform((list) => [...new Set(list.map((v) => (v === null ? 0 : v)))]);
}

const day = date(TicketV.date);
const statusList = jsonArray(z.enum(TicketStatuses), 4, TicketV.idList);

/** keyset cursor: `<updatedAt with microseconds>Z_<id>`, both real. */
const cursor = z
  .string()
  .max(40, TicketV.cursor)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,10}$/, TicketV.cursor)
  .refine((value) => {
    const [at, rowId] = value.split('_');
    return isRealDateTime(at!) && Number(rowId) >= 1 && Number(rowId) <= PG_INT_MAX;
  }, TicketV.cursor);

/** GET /tickets (inbox.md §7). `cursor` (from the previous page's nextCursor) pages by keyset; pageNumber is kept for the web. */
export const ticketsQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
  cursor: cursor.optional(),
  status: z.enum(TicketStatuses).optional(),
  statusFilter: statusList.optional(),
  showAll: booleanQuery.optional(),
  queueIds: idListJson(true).optional(),
  tags: idListJson(false).optional(),
  users: idListJson(false).optional(),
  userFilter: idListJson(false).optional(),
  whatsapps: idListJson(false).optional(),
  whatsappIds: idListJson(false).optional(),
  date: day.optional(),
  updatedAt: day.optional(),
  withUnreadMessages: booleanQuery.optional(),
  /** Only tickets of contacts in the caller's wallet (issue #33: contacts they own). */
  myWallet: booleanQuery.optional(),
});
export type TicketsQuery = z.infer<typeof ticketsQuerySchema>;

const optionalId = id;

/** POST /tickets: a ticket the caller opens for a contact (inbox.md §7; a queue is required unless admin). */
export const ticketCreateSchema = z.object({
  contactId: id,
  queueId: optionalId.nullish(),
  whatsappId: optionalId.nullish(),
  userId: optionalId.nullish(),
  status: z.enum(['open', 'pending']).default('open'),
  companyId: z.unknown().optional(),
});
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;

/** PUT /tickets/{id}: every transition of inbox.md §4 is one combination of these fields. */
export const ticketUpdateSchema = z.object({
  status: z.enum(TicketStatuses).optional(),
  userId: optionalId.nullish(),
  queueId: optionalId.nullish(),
  useIntegration: z.boolean().optional(),
  integrationId: optionalId.nullish(),
  sendFarewellMessage: z.boolean().optional(),
  /** On resolve: ask the contact for a 1–5 rating (only when the company's userRating setting is enabled). */
  requestRating: z.boolean().optional(),
  amountUsedBotQueues: int(0, 1000).optional(),
  promptId: optionalId.nullish(),
  /** On resolve: the closing reason (required when the company's requireCloseReason setting is enabled). */
  closeReasonId: optionalId.nullish(),
});
export type TicketUpdateInput = z.infer<typeof ticketUpdateSchema>;

/** POST /tickets/closeAll (admins): closes the tickets of a status in the given queues (0/null: no queue). */
export const ticketsCloseAllSchema = z.object({
  status: z.enum(['pending', 'open', 'group']),
  queueIds: z.array(z.union([z.null(), idOrZero])).max(IDS_MAX, PrimitiveV.ids).optional(),
  /** One closing reason for all of them (asked once; required under requireCloseReason). */
  closeReasonId: optionalId.nullish(),
});

/** The greeting posted as the virtual assistant when an agent accepts a ticket (setting sendGreetingAccepted). */
export const ACCEPT_GREETING_TEMPLATE = '{{ms}} {{firstName}}, meu nome é {{userName}} e agora vou prosseguir com seu atendimento!';

/** Appended to the connection's ratingMessage when a resolved ticket asks the contact for a rating. */
export const RATING_SCALE_HINT = 'Responda com uma nota de 1 a 5.';
export const RATING_MIN = 1;
export const RATING_MAX = 5;
