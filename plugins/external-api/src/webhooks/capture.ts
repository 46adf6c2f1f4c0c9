import type { Knex } from 'knex';
import {
  CONNECTION_ALERT,
  CONTACT_CHANGED,
  MESSAGE_CHANGED,
  TICKET_CHANGED,
  findMessage,
  ticketDetails,
  toRecords,
  type BusMessage,
  type ConnectionAlertChange,
  type ContactChange,
  type MessageChange,
  type PluginContext,
  type TicketChange,
} from '@guiche/core';
import type { Contact, SubscribableWebhookEvent } from '@guiche/contracts';
import type { WebhookDeliveries } from './deliveries.js';
import { busMessageKey } from './event-id.js';
import type { SubscriberCache } from './subscriber-cache.js';
import type { SubscriptionRow } from './subscriptions.js';

const TICKET_TYPES: SubscribableWebhookEvent[] = ['ticket.created', 'ticket.status', 'ticket.queue', 'ticket.user'];
const STATE = 'webhookTicketState';

interface TicketState {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/**
 * Which ticket events a change is: the last state seen is kept per ticket (locked), so status,
 * queue and user changes are told apart, and the bus and the outbox relay never both file one
 * change. A ticket first seen is "created" when it is younger than the company's oldest
 * subscription; an older one only reports a status change the publisher knew.
 */
async function ticketTypes(trx: Knex.Transaction, ticket: TicketRow, previousStatus: string | null, subscribers: SubscriptionRow[]): Promise<SubscribableWebhookEvent[]> {
  const now: TicketState = { status: ticket.status, queueId: ticket.queueId ?? null, userId: ticket.userId ?? null };
  const inserted = await trx(STATE).insert({ ticketId: ticket.id, companyId: ticket.companyId, ...now }).onConflict('ticketId').ignore().returning('ticketId');
  if (inserted.length) {
    const oldest = Math.min(...subscribers.map((s) => new Date(s.createdAt).getTime()));
    if (new Date(ticket.createdAt).getTime() >= oldest) return ['ticket.created'];
    return previousStatus && previousStatus !== now.status ? ['ticket.status'] : [];
  }
  const before: TicketState = await trx(STATE).where({ ticketId: ticket.id }).forUpdate().first('status', 'queueId', 'userId');
  const types: SubscribableWebhookEvent[] = [];
  if (before.status !== now.status) types.push('ticket.status');
  if ((before.queueId ?? null) !== now.queueId) types.push('ticket.queue');
  if ((before.userId ?? null) !== now.userId) types.push('ticket.user');
  if (types.length) await trx(STATE).where({ ticketId: ticket.id }).update(now);
  return types;
}

type TicketRow = Parameters<typeof ticketDetails>[1] & { id: number; companyId: number; status: string; queueId: number | null; userId: number | null; createdAt: Date };

export const messageEventKey = (type: SubscribableWebhookEvent, messageId: number, ack: number) =>
  // One message.ack per level reached: an edit or a media update at the same ack is not another event.
  type === 'message.created' ? `${type}:${messageId}` : `${type}:${messageId}:${ack}`;
export const contactEventKey = (type: SubscribableWebhookEvent, contact: { id: number; updatedAt: string }) =>
  // An update is known by the record's time, the same on the bus and in the outbox relay.
  type === 'contact.created' ? `${type}:${contact.id}` : `${type}:${contact.id}:${new Date(contact.updatedAt).getTime()}`;

/**
 * Files deliveries of one change, in the caller's transaction, with keys every path computes alike
 * (the bus on every node, the outbox relay): a second filing of the same event is ignored.
 */
export function createFiling(ctx: PluginContext, deliveries: WebhookDeliveries) {
  return {
    async ticket(trx: Knex.Transaction, companyId: number, ticketId: number, wanting: SubscriptionRow[], event: { keyOf(type: SubscribableWebhookEvent): string; createdAt: string; previousStatus: string | null }): Promise<void> {
      const ticket: TicketRow | undefined = await trx('tickets').where({ id: ticketId, companyId }).first();
      if (!ticket) return;
      const types = await ticketTypes(trx, ticket, event.previousStatus, wanting);
      if (!types.length) return;
      const data = await ticketDetails(trx, ticket);
      for (const type of types) {
        await deliveries.enqueue(trx, companyId, wanting, {
          type,
          key: type === 'ticket.created' ? `${type}:${ticketId}` : event.keyOf(type),
          orderKey: `ticket:${ticketId}`,
          createdAt: event.createdAt,
          data,
        });
      }
    },

    async message(trx: Knex.Transaction, companyId: number, wanting: SubscriptionRow[], event: { type: SubscribableWebhookEvent; messageId: number; ack: number; createdAt: string }): Promise<void> {
      const row = await findMessage(trx, companyId, event.messageId);
      if (!row) return;
      const [record] = await toRecords(trx, ctx.storage, companyId, [row], false);
      await deliveries.enqueue(trx, companyId, wanting, {
        type: event.type,
        key: messageEventKey(event.type, event.messageId, event.ack),
        orderKey: `ticket:${row.ticketId}`,
        createdAt: event.createdAt,
        data: record,
      });
    },

    async contact(trx: Knex.Transaction, companyId: number, wanting: SubscriptionRow[], event: { type: SubscribableWebhookEvent; contact: Contact; createdAt: string }): Promise<void> {
      await deliveries.enqueue(trx, companyId, wanting, {
        type: event.type,
        key: contactEventKey(event.type, event.contact),
        orderKey: `contact:${event.contact.id}`,
        createdAt: event.createdAt,
        data: event.contact,
      });
    },
  };
}

/** Files a ticket's changes still in the outbox, oldest first (./outbox-filing.ts). */
export interface TicketOutboxDrain {
  drainTicket(trx: Knex.Transaction, companyId: number, ticketId: number, previousStatus: string | null): Promise<void>;
}

/**
 * Turns the core's bus events into deliveries. Every node hears each event: the delivery's unique
 * (subscription, event key) keeps one row. Events are handled one at a time per node, in the order
 * heard, and a ticket's event is filed after the ticket's earlier changes still in the outbox, so a
 * ticket's deliveries are filed in the order of its changes even when an announcement was lost or
 * arrives late from another node. What the bus never carried the outbox relay files (./outbox-relay.ts).
 */
export function captureEvents(
  ctx: PluginContext,
  deliveries: WebhookDeliveries,
  subscribers: SubscriberCache,
  outbox: TicketOutboxDrain,
): { idle(): Promise<void>; stop(): void } {
  const filing = createFiling(ctx, deliveries);
  let chain: Promise<void> = Promise.resolve();
  const serial =
    <T>(name: string, handler: (message: BusMessage<T>) => Promise<void>) =>
    (message: BusMessage<T>) => {
      chain = chain.then(() => handler(message)).catch((err: unknown) => ctx.log.error({ err, topic: name }, 'webhook event not filed'));
      return chain;
    };

  async function onTicket(message: BusMessage<TicketChange>): Promise<void> {
    const change = message.payload;
    if (change.action !== 'update') return;
    const wanting = await subscribers.of(change.companyId, TICKET_TYPES);
    if (!wanting.length) return;
    const key = busMessageKey(message);
    await ctx.db.transaction(async (trx) => {
      await outbox.drainTicket(trx, change.companyId, change.ticketId, change.previousStatus);
      await filing.ticket(trx, change.companyId, change.ticketId, wanting, { keyOf: (type) => `${type}:${key}`, createdAt: message.publishedAt, previousStatus: change.previousStatus });
    });
  }

  async function onMessage(message: BusMessage<MessageChange>): Promise<void> {
    const change = message.payload;
    const type: SubscribableWebhookEvent | null = change.action === 'create' ? 'message.created' : change.ack > 0 ? 'message.ack' : null;
    if (!type) return;
    const wanting = await subscribers.of(change.companyId, [type]);
    if (!wanting.length) return;
    await ctx.db.transaction(async (trx) => {
      await outbox.drainTicket(trx, change.companyId, change.ticketId, null);
      await filing.message(trx, change.companyId, wanting, { type, messageId: change.messageId, ack: change.ack, createdAt: message.publishedAt });
    });
  }

  async function onContact(message: BusMessage<ContactChange>): Promise<void> {
    const change = message.payload;
    const type: SubscribableWebhookEvent = change.action === 'create' ? 'contact.created' : 'contact.updated';
    const wanting = await subscribers.of(change.companyId, [type]);
    if (!wanting.length) return;
    await ctx.db.transaction((trx) => filing.contact(trx, change.companyId, wanting, { type, contact: change.contact, createdAt: message.publishedAt }));
  }

  /** A connection's alert raised or cleared (core/src/connections/down-alerts.ts): once per outage. */
  async function onConnectionAlert(message: BusMessage<ConnectionAlertChange>): Promise<void> {
    const { action, alert } = message.payload;
    const type: SubscribableWebhookEvent = action === 'raised' ? 'connection.alert' : 'connection.restored';
    const wanting = await subscribers.of(alert.companyId, [type]);
    if (!wanting.length) return;
    const { companyId: _companyId, ...data } = alert;
    await ctx.db.transaction((trx) =>
      deliveries.enqueue(trx, alert.companyId, wanting, {
        type,
        key: `${type}:${busMessageKey(message)}`,
        orderKey: `connection:${alert.connectionId}`,
        createdAt: message.publishedAt,
        data,
      }),
    );
  }

  const unsubscribe = [
    ctx.bus.subscribe<ConnectionAlertChange>(CONNECTION_ALERT, serial(CONNECTION_ALERT, onConnectionAlert)),
    ctx.bus.subscribe<TicketChange>(TICKET_CHANGED, serial(TICKET_CHANGED, onTicket)),
    ctx.bus.subscribe<MessageChange>(MESSAGE_CHANGED, serial(MESSAGE_CHANGED, onMessage)),
    ctx.bus.subscribe<ContactChange>(CONTACT_CHANGED, serial(CONTACT_CHANGED, onContact)),
  ];
  return {
    idle: () => chain,
    stop: () => unsubscribe.forEach((fn) => fn()),
  };
}
