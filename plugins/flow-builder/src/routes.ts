import { flowCreateSchema, flowDuplicateSchema, flowStartSchema, flowExportSchema, flowListQuerySchema, flowSimulateSchema, flowParamsSchema, flowTriggersSchema, flowUpdateSchema, flowVersionParamsSchema } from '@guiche/contracts';
import { requireAdmin, type PluginContext } from '@guiche/core';
import type { FlowService } from './flows.js';
import type { TriggerService } from './triggers.js';
import { startOnTicket } from './starts.js';
import { simulate } from './simulate.js';
import { uploadMedia } from './media-files.js';
import type { WalkDeps } from './walk.js';

const TAGS = ['flowbuilder'];
const params = flowParamsSchema;

/** The editor's API (admins only): flows, drafts, versions, import/export, counters. */
export function registerRoutes(ctx: PluginContext, flows: FlowService, triggers: TriggerService, walkDeps: WalkDeps): void {
  const routes = ctx.routes;
  const admin = { onRequest: requireAdmin };
  routes.get('/flowbuilder', { ...admin, schema: { tags: TAGS, querystring: flowListQuerySchema } }, (r) => flows.list(r.auth.companyId, r.query.q));
  routes.post('/flowbuilder', { ...admin, schema: { tags: TAGS, body: flowCreateSchema } }, async (r, reply) => reply.code(201).send(await flows.create(r.auth.companyId, r.body)));
  routes.post('/flowbuilder/import', { ...admin, schema: { tags: TAGS, body: flowExportSchema } }, async (r, reply) => reply.code(201).send(await flows.importFlow(r.auth.companyId, r.body)));
  routes.get('/flowbuilder/:id', { ...admin, schema: { tags: TAGS, params } }, (r) => flows.find(r.auth.companyId, r.params.id));
  routes.put('/flowbuilder/:id', { ...admin, schema: { tags: TAGS, params, body: flowUpdateSchema } }, (r) => flows.update(r.auth.companyId, r.params.id, r.body));
  routes.delete('/flowbuilder/:id', { ...admin, schema: { tags: TAGS, params } }, async (r, reply) => {
    await flows.remove(r.auth.companyId, r.params.id);
    return reply.code(204).send();
  });
  routes.post('/flowbuilder/:id/duplicate', { ...admin, schema: { tags: TAGS, params, body: flowDuplicateSchema } }, async (r, reply) =>
    reply.code(201).send(await flows.duplicate(r.auth.companyId, r.params.id, r.body?.name)),
  );
  routes.get('/flowbuilder/:id/export', { ...admin, schema: { tags: TAGS, params } }, (r) => flows.exportFlow(r.auth.companyId, r.params.id));
  routes.post('/flowbuilder/:id/publish', { ...admin, schema: { tags: TAGS, params } }, async (r, reply) =>
    reply.code(201).send(await flows.publish(r.auth.companyId, r.params.id, r.auth.id)),
  );
  // A message node's file: stored once in the company's storage, named in the node's data by the editor.
  routes.post('/flowbuilder/:id/media', { ...admin, schema: { tags: TAGS, params } }, async (r, reply) => {
    await flows.find(r.auth.companyId, r.params.id);
    return reply.code(201).send(await uploadMedia(ctx.storage, r, r.auth.companyId));
  });
  routes.get('/flowbuilder/:id/versions', { ...admin, schema: { tags: TAGS, params } }, (r) => flows.versions(r.auth.companyId, r.params.id));
  routes.get('/flowbuilder/:id/versions/:versionId', { ...admin, schema: { tags: TAGS, params: flowVersionParamsSchema } }, (r) =>
    flows.version(r.auth.companyId, r.params.id, r.params.versionId),
  );
  routes.get('/flowbuilder/:id/counters', { ...admin, schema: { tags: TAGS, params } }, (r) => flows.counters(r.auth.companyId, r.params.id));
  // The simulator: a dry run of the draft the editor shows (nothing sent or stored).
  routes.post('/flowbuilder/:id/simulate', { ...admin, config: { audit: false }, schema: { tags: TAGS, params, body: flowSimulateSchema } }, async (r) => {
    const graph = r.body.graph ?? (await flows.find(r.auth.companyId, r.params.id)).graph;
    if (r.body.graph) await flows.find(r.auth.companyId, r.params.id);
    return simulate(graph, r.body);
  });
  // The webhook's signing secret: answered only here, when made; the old one stops at once.
  routes.post('/flowbuilder/:id/webhook-secret', { ...admin, schema: { tags: TAGS, params } }, async (r) => ({
    secret: await flows.rotateWebhookSecret(r.auth.companyId, r.params.id),
  }));
  routes.get('/flowbuilder/:id/triggers', { ...admin, schema: { tags: TAGS, params } }, (r) => triggers.list(r.auth.companyId, r.params.id));
  routes.put('/flowbuilder/:id/triggers', { ...admin, schema: { tags: TAGS, params, body: flowTriggersSchema } }, async (r) => ({
    triggers: await triggers.replace(r.auth.companyId, r.params.id, r.body.triggers),
  }));
  // Agents too: on a ticket they see.
  // Running a flow is work, not configuration: not audited.
  routes.post('/flowbuilder/:id/start', { config: { audit: false }, schema: { tags: TAGS, params, body: flowStartSchema } }, async (r, reply) => {
    await ctx.tickets.loadVisible(r.auth, r.body.ticketId);
    await startOnTicket({ ...ctx, walkDeps }, r.auth.companyId, r.params.id, r.body.ticketId);
    return reply.code(204).send();
  });
}
