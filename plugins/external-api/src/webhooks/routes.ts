import { z } from 'zod';
import type { Knex } from 'knex';
import { id, webhookCreateSchema, webhookUpdateSchema, WebhookEventTypes, WebhooksV, WEBHOOK_LOG_PAGE_SIZE, Rooms, WebhookEvents } from '@guiche/contracts';
import { DestinationError, generateSigningSecret, requireAdmin, resolveDestination, type PluginContext } from '@guiche/core';
import type { WebhookConfig } from './config.js';
import { ATTEMPTS, DELIVERIES, type WebhookDeliveries } from './deliveries.js';
import type { SubscriberCache } from './subscriber-cache.js';
import { SUBSCRIPTIONS, findSubscription, lazySecretBox, toSubscription, type SubscriptionRow } from './subscriptions.js';

const TAGS = ['Webhooks'];
const params = z.object({ id });
const deliveryParams = z.object({ id, deliveryId: id });

/** A destination in a private range is bad input (400 with the field's key); an unresolvable one is allowed (DNS may come later). */
async function checkDestination(url: string, config: WebhookConfig): Promise<void> {
  try {
    await resolveDestination(url, config.allowPrivate);
  } catch (err) {
    if (err instanceof DestinationError && err.refused) {
      throw new z.ZodError([{ code: 'custom', path: ['url'], message: WebhooksV.destination, input: url }]);
    }
  }
}

export function registerWebhookRoutes(ctx: PluginContext, deliveries: WebhookDeliveries, subscribers: SubscriberCache, config: WebhookConfig): void {
  const box = lazySecretBox(ctx.db);
  const announce = (row: SubscriptionRow, action: 'update' | 'delete' = 'update') => {
    void subscribers.changed(row.companyId);
    ctx.realtime.emit(Rooms.companyAdmins(row.companyId), WebhookEvents.subscription(row.companyId), action === 'delete' ? { action, subscriptionId: row.id } : { action, subscription: toSubscription(row) });
  };

  ctx.routes.get('/webhooks', { onRequest: requireAdmin, schema: { tags: TAGS } }, async (request) => {
    const rows: SubscriptionRow[] = await ctx.db(SUBSCRIPTIONS).where({ companyId: request.auth.companyId }).orderBy('id');
    return { webhooks: rows.map(toSubscription), events: WebhookEventTypes };
  });

  ctx.routes.post('/webhooks', { onRequest: requireAdmin, schema: { tags: TAGS, body: webhookCreateSchema } }, async (request, reply) => {
    await checkDestination(request.body.url, config);
    const secret = generateSigningSecret();
    const [row] = await ctx.db(SUBSCRIPTIONS)
      .insert({ companyId: request.auth.companyId, url: request.body.url, events: JSON.stringify(request.body.events), enabled: request.body.enabled, secret: (await box()).seal(secret) })
      .returning('*');
    announce(row);
    // The only answer that carries the secret without asking for it.
    return reply.code(201).send({ webhook: toSubscription(row), secret });
  });

  ctx.routes.put('/webhooks/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params, body: webhookUpdateSchema } }, async (request) => {
    const current = await findSubscription(ctx.db, request.auth.companyId, request.params.id);
    const { url, events, enabled } = request.body;
    if (url !== undefined && url !== current.url) await checkDestination(url, config);
    const row = await ctx.db.transaction(async (trx: Knex.Transaction) => {
      const switchedOn = enabled === true && !current.enabled;
      const [updated]: SubscriptionRow[] = await trx(SUBSCRIPTIONS)
        .where({ id: current.id })
        .update({
          ...(url !== undefined ? { url } : {}),
          ...(events !== undefined ? { events: JSON.stringify(events) } : {}),
          ...(enabled !== undefined ? { enabled } : {}),
          ...(switchedOn ? { consecutiveFailures: 0, failingSince: null, disabledAt: null, disabledReason: null } : {}),
          updatedAt: trx.fn.now(),
        })
        .returning('*');
      if (switchedOn) await deliveries.resume(trx, updated!);
      return updated!;
    });
    announce(row);
    return toSubscription(row);
  });

  ctx.routes.delete('/webhooks/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params } }, async (request, reply) => {
    const row = await findSubscription(ctx.db, request.auth.companyId, request.params.id);
    await ctx.db(SUBSCRIPTIONS).where({ id: row.id }).delete();
    announce(row, 'delete');
    return reply.code(204).send();
  });

  ctx.routes.get('/webhooks/:id/secret', { onRequest: requireAdmin, schema: { tags: TAGS, params } }, async (request) => {
    const row = await findSubscription(ctx.db, request.auth.companyId, request.params.id);
    return { secret: (await box()).open(row.secret) };
  });

  // Rotation: the old secret stops signing at once; deliveries from now on carry the new one.
  ctx.routes.post('/webhooks/:id/secret', { onRequest: requireAdmin, schema: { tags: TAGS, params } }, async (request) => {
    const row = await findSubscription(ctx.db, request.auth.companyId, request.params.id);
    const secret = generateSigningSecret();
    await ctx.db(SUBSCRIPTIONS).where({ id: row.id }).update({ secret: (await box()).seal(secret), updatedAt: ctx.db.fn.now() });
    return { secret };
  });

  ctx.routes.post('/webhooks/:id/ping', { onRequest: requireAdmin, schema: { tags: TAGS, params } }, async (request, reply) => {
    const row = await findSubscription(ctx.db, request.auth.companyId, request.params.id);
    return reply.code(202).send({ deliveryId: await deliveries.ping(row) });
  });

  ctx.routes.get('/webhooks/:id/attempts', { onRequest: requireAdmin, schema: { tags: TAGS, params } }, async (request) => {
    const row = await findSubscription(ctx.db, request.auth.companyId, request.params.id);
    const attempts = await ctx.db(`${ATTEMPTS} as a`)
      .join(`${DELIVERIES} as d`, 'd.id', 'a.deliveryId')
      .where({ 'a.subscriptionId': row.id, 'a.companyId': request.auth.companyId })
      .orderBy('a.id', 'desc')
      .limit(WEBHOOK_LOG_PAGE_SIZE)
      .select('a.id', 'a.deliveryId', 'd.eventId', 'd.type', 'a.attempt', 'a.statusCode', 'a.durationMs', 'a.response', 'a.error', 'd.status as deliveryStatus', 'a.createdAt');
    return { attempts: attempts.map((a: Record<string, unknown>) => ({ ...a, id: Number(a.id), deliveryId: Number(a.deliveryId), createdAt: new Date(a.createdAt as string).toISOString() })) };
  });

  ctx.routes.post('/webhooks/:id/deliveries/:deliveryId/redeliver', { onRequest: requireAdmin, schema: { tags: TAGS, params: deliveryParams } }, async (request, reply) => {
    const row = await findSubscription(ctx.db, request.auth.companyId, request.params.id);
    if (!(await deliveries.redeliver(row.companyId, row.id, request.params.deliveryId))) {
      return reply.code(404).send({ error: 'ERR_NO_WEBHOOK_FOUND' });
    }
    return reply.code(202).send({ deliveryId: request.params.deliveryId });
  });
}
