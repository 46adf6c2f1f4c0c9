import { z } from 'zod';
import { id, webchatSiteSchema, webchatTokenParamsSchema } from '@guiche/contracts';
import { AppError, requireAdmin, type PluginContext } from '@guiche/core';
import type { WebchatConnection } from './connections.js';
import { assertOriginAllowed, loadSite, lookOf, saveSite } from './site.js';
import { rotateWidgetKey } from './widget-key.js';

const TAGS = ['webchat'];
const siteParams = z.object({ whatsappId: id });

async function companyWebchat(ctx: PluginContext, companyId: number, connectionId: number): Promise<{ id: number; token: string }> {
  const row = await ctx.db('whatsapps').where({ id: connectionId, companyId, channel: 'webchat' }).first('id', 'token');
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  return row;
}

/** The preview page: Guichê's own origin, so it works whatever the allowed sites are. */
function previewPage(token: string, title: string): string {
  const safeTitle = title.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${safeTitle}</title></head>
<body style="font-family:system-ui,sans-serif;margin:40px;color:#1c2127"><h1 style="font-size:20px">${safeTitle}</h1>
<script src="/api/webchat/widget.js" data-token="${token}" async></script></body></html>`;
}

/**
 * The connection dialog's "Site" section (admins): the widget's default look and the sites allowed
 * to embed it; and for visitors' pages the look (GET /webchat/{token}/site) and a preview page.
 */
export function registerSiteRoutes(ctx: PluginContext, requireConnection: (token: string) => Promise<WebchatConnection>): void {
  ctx.routes.get('/webchat/sites/:whatsappId', { onRequest: requireAdmin, schema: { tags: TAGS, params: siteParams } }, async (request) => {
    const connection = await companyWebchat(ctx, request.auth.companyId, request.params.whatsappId);
    return { ...(await loadSite(ctx.db, connection.id)), token: connection.token };
  });

  ctx.routes.put('/webchat/sites/:whatsappId', { onRequest: requireAdmin, schema: { tags: TAGS, params: siteParams, body: webchatSiteSchema } }, async (request) => {
    const connection = await companyWebchat(ctx, request.auth.companyId, request.params.whatsappId);
    const site = await saveSite(ctx.db, request.auth.companyId, connection.id, request.body);
    return { ...site, token: connection.token };
  });

  // A new public key for the snippet; the old one keeps working for a day (./widget-key.ts).
  ctx.routes.post('/webchat/sites/:whatsappId/key', { onRequest: requireAdmin, schema: { tags: TAGS, params: siteParams } }, async (request) => {
    const connection = await companyWebchat(ctx, request.auth.companyId, request.params.whatsappId);
    const token = await rotateWidgetKey(ctx.db, connection.id);
    return { ...(await loadSite(ctx.db, connection.id)), token };
  });

  ctx.publicRoutes.get('/webchat/:token/site', { schema: { tags: TAGS, params: webchatTokenParamsSchema }, config: { publicCors: true } }, async (request, reply) => {
    const connection = await requireConnection(request.params.token);
    assertOriginAllowed(connection, request.headers.origin, request.headers.host);
    reply.header('Cache-Control', 'no-cache');
    return lookOf(await loadSite(ctx.db, connection.id));
  });

  ctx.publicRoutes.get('/webchat/:token/preview', { schema: { tags: TAGS, params: webchatTokenParamsSchema } }, async (request, reply) => {
    // Guichê's own page: the list of allowed sites does not apply to it.
    const connection = await requireConnection(request.params.token);
    const site = await loadSite(ctx.db, connection.id);
    return reply.type('text/html; charset=utf-8').send(previewPage(request.params.token, site.title ?? connection.name));
  });
}
