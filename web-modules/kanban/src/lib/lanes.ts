import type { InfiniteData } from '@tanstack/react-query';
import { DEFAULT_LANE, type KanbanTicket, type LanePage } from '../api/kanban-api';

/** Statuses the board shows (the server's BOARD_STATUSES). */
export const BOARD_STATUSES = ['pending', 'open'];

/** The lanes a ticket belongs in: its kanban tags that are lanes, else the default lane. */
export function lanesOf(ticket: Pick<KanbanTicket, 'tags'>, laneIds: ReadonlySet<number>): number[] {
  const tagged = ticket.tags.map((t) => t.id).filter((id) => laneIds.has(id));
  return tagged.length ? tagged : [DEFAULT_LANE];
}

/** Newest activity first, then the higher id: the server's order. */
function before(a: KanbanTicket, b: KanbanTicket): boolean {
  const at = Date.parse(a.updatedAt);
  const bt = Date.parse(b.updatedAt);
  return at !== bt ? at > bt : a.id > b.id;
}

export type LaneData = InfiniteData<LanePage, string | null>;

/** The lane without the ticket. */
export function withoutTicket(data: LaneData, ticketId: number): LaneData {
  return { ...data, pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.id !== ticketId) })) };
}

/**
 * The lane with the ticket at its place in the server's order. A ticket older than every loaded
 * one of a lane with more pages is left for the page that will bring it.
 */
export function withTicket(data: LaneData, ticket: KanbanTicket): LaneData {
  const cleaned = withoutTicket(data, ticket.id);
  const pages = cleaned.pages.map((p) => ({ ...p, tickets: [...p.tickets] }));
  for (const page of pages) {
    const at = page.tickets.findIndex((t) => before(ticket, t));
    if (at >= 0) {
      page.tickets.splice(at, 0, ticket);
      return { ...cleaned, pages };
    }
  }
  const last = pages.at(-1);
  if (!last) return cleaned;
  if (last.hasMore) return cleaned;
  last.tickets.push(ticket);
  return { ...cleaned, pages };
}
