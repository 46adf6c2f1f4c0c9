import type { Knex } from 'knex';
import type { Viewer } from '../messaging/ticket-access.js';
import { scoped } from './access.js';
import type { DayRange } from './range.js';

/** The instant a ticket_daily row takes its day from (migration 20261127150000_ticket_daily). */
export const DailyKind = { created: 1, closed: 2, accepted: 3, rated: 4 } as const;
export type DailyKind = (typeof DailyKind)[keyof typeof DailyKind];

/**
 * The caller's ticket_daily rows of one kind in the range: the same tickets the raw ticket_metrics
 * query would count, a few hundred rows for a long range instead of one per ticket.
 */
export function daily(db: Knex, viewer: Viewer, kind: DailyKind, range: DayRange): Knex.QueryBuilder {
  return scoped(db('ticketDaily as d'), viewer, 'd').where('d.kind', kind).where('d.day', '>=', range.from).where('d.day', '<=', range.to);
}
