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
import type { SubscribableWebhookEvent } from '@guiche/contracts';
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
 * Which ticket events a change is: the last state seen is kept per ticket, so status, queue and
 * user changes are told apart. A ticket first seen is "created" when it is younger than the
 * company's oldest subscription; an older one only reports a status change the publisher knew.
 */
async function ticketTypes(trx: Knex.Transaction, change: TicketChange, createdAt: Date, subscribers: SubscriptionRow[]): Promise<SubscribableWebhookEvent[]> {
  const now: TicketState = { status: change.status, queueId: change.queueId, userId: change.userId };
  const inserted = await trx(STATE).insert({ ticketId: change.ticketId, companyId: change.companyId, ...now }).onConflict('ticketId').ignore().returning('ticketId');
  if (inserted.length) {
    const oldest = Math.min(...subscribers.map((s) => new Date(s.createdAt).getTime()));
    if (createdAt.getTime() >= oldest) return ['ticket.created'];
    return change.previousStatus && change.previousStatus !== change.status ? ['ticket.status'] : [];
  }
  const before: TicketState = await trx(STATE).where({ ticketId: change.ticketId }).forUpdate().first('status', 'queueId', 'userId');
  const types: SubscribableWebhookEvent[] = [];
  if (before.status !== now.status) types.push('ticket.status');
  if ((before.queueId ?? null) !== now.queueId) types.push('ticket.queue');
  if ((before.userId ?? null) !== now.userId) types.push('ticket.user');
  if (types.length) await trx(STATE).where({ ticketId: change.ticketId }).update(now);
  return types;
}

/**
 * Turns the core's bus events into deliveries. Every node hears each event: the delivery's unique
 * (subscription, event key) keeps one row. Events are handled one at a time per node, in the order
 * heard, so a ticket's deliveries are filed in order.
 */
export function captureEvents(ctx: PluginContext, deliveries: WebhookDeliveries, subscribers: SubscriberCache): { idle(): Promise<void>; stop(): void } {
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
    await ctx.db.transaction(async (trx) => {
      const ticket = await trx('tickets').where({ id: change.ticketId, companyId: change.companyId }).first();
      if (!ticket) return;
      const types = await ticketTypes(trx, change, new Date(ticket.createdAt), wanting);
      if (!types.length) return;
      const data = await ticketDetails(trx, ticket);
      const key = busMessageKey(message);
      for (const type of types) {
        await deliveries.enqueue(trx, change.companyId, wanting, {
          type,
          key: type === 'ticket.created' ? `${type}:${change.ticketId}` : `${type}:${key}`,
          orderKey: `ticket:${change.ticketId}`,
          createdAt: message.publishedAt,
          data,
        });
      }
    });
  }

  async function onMessage(message: BusMessage<MessageChange>): Promise<void> {
    const change = message.payload;
    const type: SubscribableWebhookEvent | null = change.action === 'create' ? 'message.created' : change.ack > 0 ? 'message.ack' : null;
    if (!type) return;
    const wanting = await subscribers.of(change.companyId, [type]);
    if (!wanting.length) return;
    const row = await findMessage(ctx.db, change.companyId, change.messageId);
    if (!row) return;
    const [record] = await toRecords(ctx.db, ctx.storage, change.companyId, [row], false);
    await ctx.db.transaction((trx) =>
      deliveries.enqueue(trx, change.companyId, wanting, {
        type,
        // One message.ack per level reached: an edit or a media update at the same ack is not another event.
        key: type === 'message.created' ? `${type}:${change.messageId}` : `${type}:${change.messageId}:${change.ack}`,
        orderKey: `ticket:${change.ticketId}`,
        createdAt: message.publishedAt,
        data: record,
      }),
    );
  }

  async function onContact(message: BusMessage<ContactChange>): Promise<void> {
    const change = message.payload;
    const type: SubscribableWebhookEvent = change.action === 'create' ? 'contact.created' : 'contact.updated';
    const wanting = await subscribers.of(change.companyId, [type]);
    if (!wanting.length) return;
    await ctx.db.transaction((trx) =>
      deliveries.enqueue(trx, change.companyId, wanting, {
        type,
        key: type === 'contact.created' ? `${type}:${change.contact.id}` : `${type}:${busMessageKey(message)}`,
        orderKey: `contact:${change.contact.id}`,
        createdAt: message.publishedAt,
        data: change.contact,
      }),
    );
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
