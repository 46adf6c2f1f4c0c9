import type { Knex } from 'knex';
import type { TicketLogType } from '@guiche/contracts';

export interface TicketLogInput {
  companyId: number;
  ticketId: number;
  type: TicketLogType;
  userId?: number | null;
  queueId?: number | null;
  data?: Record<string, unknown> | null;
}

/** One ticket_logs row per transition (inbox.md §3 Ticket log entry), written in the transition's transaction. */
export async function addTicketLog(db: Knex | Knex.Transaction, entries: TicketLogInput | TicketLogInput[]): Promise<void> {
  const rows = (Array.isArray(entries) ? entries : [entries]).map((e) => ({
    companyId: e.companyId,
    ticketId: e.ticketId,
    type: e.type,
    userId: e.userId ?? null,
    queueId: e.queueId ?? null,
    data: e.data ? JSON.stringify(e.data) : null,
  }));
  if (rows.length) await db('ticketLogs').insert(rows);
}
