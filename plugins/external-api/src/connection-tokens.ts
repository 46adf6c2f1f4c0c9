import { z } from 'zod';
import { id } from '@guiche/contracts';
import { AppError, requireAdmin, type PluginContext } from '@guiche/core';

const params = z.object({ whatsappId: id });

/**
 * The company's connection whose token is an API token: another company's id → 404
 * ERR_NO_WAPP_FOUND; a website chat's token is its public widget key, never an API token → 403
 * ERR_API_TOKEN_PUBLIC_KEY (the widget key is managed by the webchat plugin).
 */
async function apiConnection(ctx: PluginContext, companyId: number, whatsappId: number) {
  const connection = await ctx.connections.find(companyId, whatsappId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  if (connection.channel === 'webchat') throw new AppError('ERR_API_TOKEN_PUBLIC_KEY', 403);
  return connection;
}

/**
 * Admin-only reading and regenerating of a connection's API token (issue #29). The send route
 * reads the token from PostgreSQL on every call (ctx.connections.byToken, no per-node cache), so
 * a regenerated token revokes the old one at once on every node.
 */
export function registerTokenRoutes(ctx: PluginContext): void {
  const options = { onRequest: requireAdmin, schema: { params, tags: ['Integrations'] } };

  ctx.routes.get('/messages-api/connections/:whatsappId/token', options, async (request) => {
    const connection = await apiConnection(ctx, request.auth.companyId, request.params.whatsappId);
    const token = await ctx.connections.apiToken(connection.companyId, connection.id);
    if (!token) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return { token };
  });

  ctx.routes.post('/messages-api/connections/:whatsappId/token', options, async (request) => {
    const connection = await apiConnection(ctx, request.auth.companyId, request.params.whatsappId);
    const token = await ctx.connections.rotateApiToken(connection.companyId, connection.id);
    if (!token) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return { token };
  });
}
