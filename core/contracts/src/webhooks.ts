import { z } from 'zod';
import { text } from './primitives.js';

/** Outgoing webhooks to integrators (ARCHITECTURE §13): subscriptions, events, live events. */

/** The events a subscription may ask for; `ping` is only sent by the test button. */
export const WebhookEventTypes = [
  'message.created',
  'message.ack',
  'ticket.created',
  'ticket.status',
  'ticket.queue',
  'ticket.user',
  'contact.created',
  'contact.updated',
  'connection.alert',
  'connection.restored',
] as const;
/** An event a subscription may ask for. */
export type SubscribableWebhookEvent = (typeof WebhookEventTypes)[number];
/** Every type a delivery may carry: the subscribable events and the test ping. */
export type WebhookEventType = SubscribableWebhookEvent | 'ping';

/** Validation keys of this area (namespace "validation"). */
export const WebhooksV = {
  url: 'validation.webhookUrl',
  events: 'validation.webhookEvents',
  destination: 'validation.webhookDestination',
} as const;

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_LOG_PAGE_SIZE = 50;

/** http(s), a host (no user or password in it), optional port and path. */
const WEBHOOK_URL = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?([/?#][^\s]*)?$/i;

const webhookUrl = text(WEBHOOK_URL_MAX, { trim: true, error: WebhooksV.url, tooLong: WebhooksV.url }).regex(WEBHOOK_URL, WebhooksV.url);

export const webhookEventsSchema = z
  .array(z.enum(WebhookEventTypes, { error: WebhooksV.events }), { error: WebhooksV.events })
  .min(1, WebhooksV.events)
  .max(WebhookEventTypes.length, WebhooksV.events)
  .transform((events) => [...new Set(events)]);

export const webhookCreateSchema = z.object({
  url: webhookUrl,
  events: webhookEventsSchema,
  enabled: z.boolean({ error: WebhooksV.events }).default(true),
});
export const webhookUpdateSchema = z.object({
  url: webhookUrl.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** A subscription as the API answers it: the secret never, only whether one is set. */
export interface WebhookSubscription {
  id: number;
  url: string;
  events: SubscribableWebhookEvent[];
  enabled: boolean;
  consecutiveFailures: number;
  failingSince: string | null;
  disabledAt: string | null;
  /** 'failures' when the server switched it off after a run of failed deliveries. */
  disabledReason: 'failures' | null;
  createdAt: string;
  updatedAt: string;
}

/** One attempt of one delivery, newest first in the log. */
export interface WebhookAttempt {
  id: number;
  deliveryId: number;
  eventId: string;
  type: WebhookEventType;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the receiver's answer. */
  response: string;
  /** Why no answer came (timeout, refused destination, connection error), when none did. */
  error: string | null;
  deliveryStatus: 'pending' | 'delivered' | 'failed';
  createdAt: string;
}

/** Live events to the company's admins. */
export const WebhookEvents = {
  /** { action: 'update', subscription } — notably when the server disabled it. */
  subscription: (companyId: number) => `company-${companyId}-webhook`,
  /** { action: 'create', subscriptionId, attempt } after every attempt. */
  attempt: (companyId: number) => `company-${companyId}-webhookAttempt`,
} as const;
