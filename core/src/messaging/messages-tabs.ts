import type { Knex } from 'knex';
import { MESSAGE_MEDIA_PAGE_SIZE, type MessageMediaTab } from '@guiche/contracts';
import { historyVisibleTo } from './history-visibility.js';
import type { TicketRow, Viewer } from './ticket-access.js';
import { MESSAGE_COLUMNS, type MessageRow } from './messages-repository.js';

/** Which mediaTypes each tab of the contact drawer shows (inbox.md §2: Mídia, Documentos, Ligações). */
const TAB_MEDIA_TYPES: Record<Exclude<MessageMediaTab, 'links'>, string[]> = {
  media: ['image', 'video', 'audio'],
  documents: ['application', 'document'],
  calls: ['call_log'],
};

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;

/** The http(s) URLs written in a text, without the punctuation that usually ends a sentence. */
export function extractLinks(text: string): string[] {
  return [...new Set((text.match(URL_PATTERN) ?? []).map((url) => url.replace(/[).,;:!?\]}*_~]+$/, '')))];
}

function ofTicket(db: Knex, ticket: TicketRow): Knex.QueryBuilder {
  return db('messages').where({ 'messages.companyId': ticket.companyId, 'messages.ticketId': ticket.id, 'messages.isDeleted': false });
}

/**
 * The drawer's tabs cover the contact, not only the ticket: this ticket's messages and those of
 * the contact's earlier tickets the viewer reads as history (any connection).
 */
function ofContactHistory(db: Knex, ticket: TicketRow, viewer: Viewer): Knex.QueryBuilder {
  return db('messages')
    .join('tickets', 'tickets.id', 'messages.ticketId')
    .where({ 'messages.companyId': ticket.companyId, 'tickets.companyId': ticket.companyId, 'tickets.contactId': ticket.contactId, 'messages.isDeleted': false })
    .where((where) => {
      where.where('tickets.id', ticket.id).orWhere((earlier) => {
        earlier.where('tickets.id', '<', ticket.id).modify(historyVisibleTo(viewer));
      });
    });
}

async function page(query: Knex.QueryBuilder, pageNumber: number): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const rows: MessageRow[] = await query
    .orderBy('messages.id', 'desc')
    .limit(MESSAGE_MEDIA_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * MESSAGE_MEDIA_PAGE_SIZE)
    .select(MESSAGE_COLUMNS);
  return { rows: rows.slice(0, MESSAGE_MEDIA_PAGE_SIZE), hasMore: rows.length > MESSAGE_MEDIA_PAGE_SIZE };
}

/** One page (newest first) of the contact's media, documents, links or calls up to this ticket. A link row carries the URLs found in it. */
export async function contactMediaTab(db: Knex, ticket: TicketRow, viewer: Viewer, tab: MessageMediaTab, pageNumber: number): Promise<{ rows: (MessageRow & { links?: string[] })[]; hasMore: boolean }> {
  const scope = ofContactHistory(db, ticket, viewer);
  if (tab === 'links') {
    const result = await page(scope.whereRaw('messages.body ~* ?', ['https?://']), pageNumber);
    return { ...result, rows: result.rows.map((r) => ({ ...r, links: extractLinks(r.body) })).filter((r) => r.links.length) };
  }
  return page(scope.whereIn('messages.mediaType', TAB_MEDIA_TYPES[tab]), pageNumber);
}

export async function ticketImages(db: Knex, ticket: TicketRow, pageNumber: number): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  return page(ofTicket(db, ticket).where('messages.mediaType', 'image').whereNotNull('messages.mediaUrl'), pageNumber);
}
