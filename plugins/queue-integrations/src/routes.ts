import { requireAdmin, type PluginContext } from '@guiche/core';
import { OutsideServiceError } from '@guiche/core';
import { integrationInputSchema, testSessionSchema, type TestSessionResult } from '@guiche/contracts';
import { checkDestination } from './destination.js';
import type { DialogflowClient } from './behaviours/dialogflow.js';
import type { IntegrationEvents } from './events.js';
import type { IntegrationRepository } from './repository.js';
import { integrationParamsSchema, integrationsQuerySchema } from './schemas.js';
import { unmaskJson } from './secrets.js';

const TAGS = ['queueIntegrations'];

/** outreach-config.md §7 Queue integrations. Reading is for every user (queue dialogs list them); changes for admins. */
export function registerIntegrationRoutes(ctx: Pick<PluginContext, 'routes'>, repo: IntegrationRepository, events: IntegrationEvents, dialogflow: DialogflowClient, allowPrivate: boolean): void {
  const { routes } = ctx;
  // The spec's list call is GET /queueIntegration/ (with the slash); the router ignores trailing slashes.
  routes.get('/queueIntegration', { schema: { tags: TAGS, querystring: integrationsQuerySchema } }, (request) => repo.list(request.auth.companyId, request.query.searchParam, request.query.pageNumber));
  routes.get('/queueIntegration/:id', { schema: { tags: TAGS, params: integrationParamsSchema } }, (request) => repo.show(request.auth.companyId, request.params.id));

  // N8N and webhook answers carry `signingSecret` when one was just made (creation, or a switch to a
  // signed type): the only time it is shown; POST /queueIntegration/:id/secret makes a new one.
  routes.post('/queueIntegration', { onRequest: requireAdmin, schema: { tags: TAGS, body: integrationInputSchema } }, async (request, reply) => {
    await checkDestination(request.body, allowPrivate);
    const { integration, signingSecret } = await repo.create(request.auth.companyId, request.body);
    events.saved('create', integration);
    return reply.code(201).send(signingSecret ? { ...integration, signingSecret } : integration);
  });
  routes.put('/queueIntegration/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params: integrationParamsSchema, body: integrationInputSchema } }, async (request) => {
    await checkDestination(request.body, allowPrivate);
    const { integration, signingSecret } = await repo.update(request.auth.companyId, request.params.id, request.body);
    events.saved('update', integration);
    return signingSecret ? { ...integration, signingSecret } : integration;
  });
  routes.post('/queueIntegration/:id/secret', { onRequest: requireAdmin, schema: { tags: TAGS, params: integrationParamsSchema } }, async (request) => ({
    secret: await repo.rotateSecret(request.auth.companyId, request.params.id),
  }));
  routes.delete('/queueIntegration/:id', { onRequest: requireAdmin, schema: { tags: TAGS, params: integrationParamsSchema } }, async (request) => {
    await repo.remove(request.auth.companyId, request.params.id);
    events.removed(request.auth.companyId, request.params.id);
    return { message: 'Integration deleted' };
  });

  // The dialog's test button: one detect-intent with the typed credentials. The outcome is the answer, not an HTTP error.
  for (const path of ['/queueIntegration/testSession', '/queueIntegration/testsession']) {
    routes.post(path, { onRequest: requireAdmin, schema: { tags: TAGS, body: testSessionSchema } }, async (request): Promise<TestSessionResult> => {
      const { projectName, language, id } = request.body;
      const stored = id ? await repo.mustFind(request.auth.companyId, id) : undefined;
      const jsonContent = unmaskJson(request.body.jsonContent, stored?.jsonContent ?? null);
      try {
        const result = await dialogflow.detectIntent({ projectName, jsonContent, language }, `test-${request.auth.id}`, 'Oi');
        return { ok: true, message: result.texts.join('\n'), intent: result.intent };
      } catch (err) {
        if (err instanceof OutsideServiceError) return { ok: false, reason: err.reason };
        throw err;
      }
    });
  }
}
