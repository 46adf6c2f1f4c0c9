import { z } from 'zod';
import { id } from '@guiche/contracts';
import { requireAdmin, type PluginContext } from '@guiche/core';
import { listCalls, logCall, rememberOutcome } from './call-log.js';
import { readSendInput } from './request-input.js';
import { createSendService } from './send-service.js';
import { tokenGate, type RateLimit } from './token-auth.js';
import { SEND_PATH, integrationsDocument, sendRouteDocs, sendSwaggerTransform } from './openapi.js';

export function registerRoutes(ctx: PluginContext, rate: RateLimit): void {
  const service = createSendService(ctx);

  // Public: the token authenticates (not a user session), so the plugin checks its plan flag itself.
  ctx.publicRoutes.post(
    SEND_PATH,
    {
      onRequest: tokenGate(ctx, rate),
      onSend: rememberOutcome,
      onResponse: logCall(ctx.db),
      schema: sendRouteDocs,
      config: { swaggerTransform: sendSwaggerTransform },
    },
    async (request, reply) => {
      const connection = request.apiConnection!;
      const input = await readSendInput(request, ctx.storage, connection.companyId);
      request.apiMediaCount = input.media.length;
      const key = request.headers['idempotency-key'];
      const result = await service.send(connection, input, typeof key === 'string' ? key : undefined);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.statusCode).send(result.answer);
    },
  );

  // The Integrations section of the API description, for integrators' tools (no sign-in).
  ctx.publicRoutes.get('/messages-api/openapi.json', { schema: { hide: true } }, async (request) =>
    integrationsDocument(ctx.publicRoutes.swagger() as Record<string, any>, `${request.protocol}://${request.host}`),
  );

  // The admin's view of the last calls per connection.
  ctx.routes.get(
    '/messages-api/calls',
    { onRequest: requireAdmin, schema: { querystring: z.object({ whatsappId: id.optional() }), tags: ['Integrations'] } },
    async (request) => ({ calls: await listCalls(ctx.db, request.auth.companyId, request.query.whatsappId) }),
  );
}
