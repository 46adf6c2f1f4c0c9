import type { Knex } from 'knex';
import { findContact } from '@guiche/core';
import type { SubscribableWebhookEvent } from '@guiche/contracts';
import type { createFiling } from './capture.js';
import { SUBSCRIPTIONS, eventsOf, type SubscriptionRow } from './subscriptions.js';

export const OUTBOX = 'webhookOutbox';

export interface OutboxRow {
  id: string | number;
  companyId: number;
  type: 'message.created' | 'message.ack' | 'ticket.created' | 'ticket.changed' | 'contact.created' | 'contact.updated';
  resourceId: string | number;
  ticketId: number | null;
  ack: number | null;
  createdAt: Date;
}

const TICKET_TYPES: SubscribableWebhookEvent[] = ['ticket.created', 'ticket.status', 'ticket.queue', 'ticket.user'];
const typesOf = (row: OutboxRow): SubscribableWebhookEvent[] => (row.type.startsWith('ticket.') ? TICKET_TYPES : [row.type as SubscribableWebhookEvent]);

/**
 * Files outbox rows (written by triggers in the transaction of each change) with the event keys the
 * bus path uses, so an event filed both ways is one delivery, and deletes them. Used by the relay for
 * what the bus never announced, and by the bus path itself to file a ticket's earlier changes first.
 */
export function createOutboxFiling(filing: ReturnType<typeof createFiling>) {
  async function file(trx: Knex.Transaction, row: OutboxRow, wanting: SubscriptionRow[], previousStatus: string | null): Promise<void> {
    const createdAt = new Date(row.createdAt).toISOString();
    const id = Number(row.resourceId);
    if (row.type === 'message.created' || row.type === 'message.ack') {
      await filing.message(trx, row.companyId, wanting, { type: row.type, messageId: id, ack: row.ack ?? 0, createdAt });
    } else if (row.type === 'ticket.created' || row.type === 'ticket.changed') {
      await filing.ticket(trx, row.companyId, id, wanting, { keyOf: (type) => `${type}:outbox:${row.id}`, createdAt, previousStatus });
    } else {
      const contact = await findContact(trx, row.companyId, id);
      if (contact) await filing.contact(trx, row.companyId, wanting, { type: row.type, contact, createdAt });
    }
  }

  /** Files the rows in the order given and deletes them; `previousStatus` is what a bus event knew of the ticket's status. */
  async function fileRows(trx: Knex.Transaction, rows: OutboxRow[], previousStatus: string | null = null): Promise<void> {
    const subscriptions = new Map<number, SubscriptionRow[]>();
    for (const row of rows) {
      if (!subscriptions.has(row.companyId)) subscriptions.set(row.companyId, await trx(SUBSCRIPTIONS).where({ companyId: row.companyId, enabled: true }));
      const types = typesOf(row);
      const wanting = subscriptions.get(row.companyId)!.filter((s) => eventsOf(s).some((type) => types.includes(type)));
      if (wanting.length) await file(trx, row, wanting, previousStatus);
    }
    if (rows.length) await trx(OUTBOX).whereIn('id', rows.map((r) => r.id)).del();
  }

  return {
    fileRows,
    /**
     * Before the bus path files an event of a ticket, the ticket's changes still in the outbox go
     * first, in the order they were written: one whose announcement was lost (a node died after its
     * commit) or is still on its way from another node is never delivered after a later one. Rows are
     * locked without skipping, so a relay or another node filing them is waited for, not overtaken.
     */
    async drainTicket(trx: Knex.Transaction, companyId: number, ticketId: number, previousStatus: string | null): Promise<void> {
      const rows: OutboxRow[] = await trx(OUTBOX).where({ companyId, ticketId }).orderBy('id').forUpdate();
      await fileRows(trx, rows, previousStatus);
    },
  };
}

export type OutboxFiling = ReturnType<typeof createOutboxFiling>;
