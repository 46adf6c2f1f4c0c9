import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { AppError, type PluginContext } from '@guiche/core';
import { GraphClient, connectionOfPage, isGraphError, metaApp, savePage, type MessengerKind } from '@guiche/meta-graph';

/** Facebook Login scopes: page messaging and Instagram messaging (account-admin.md §9). */
export const LOGIN_SCOPES = ['pages_show_list', 'pages_messaging', 'pages_manage_metadata', 'pages_read_engagement', 'instagram_basic', 'instagram_manage_messages', 'business_management'];
/** Webhook fields each page is subscribed to. */
export const SUBSCRIBED_FIELDS = 'messages,messaging_postbacks,message_deliveries,message_reads,message_echoes,message_reactions';

export const facebookLoginSchema = z.object({
  facebookUserId: z.string({ error: 'validation.required' }).trim().regex(/^\d{1,64}$/, 'validation.metaGraphId'),
  facebookUserToken: z.union([z.string(), z.object({ token: z.string() }).transform((t) => t.token)]).pipe(z.string().trim().min(10, 'validation.required').max(2048, 'validation.tooLong')),
  addInstagram: z.boolean().optional().default(false),
  /** The pages chosen in the dialog; all of the user's pages when absent. */
  pageIds: z.array(z.string().regex(/^\d{1,64}$/)).max(100).optional(),
});

interface GraphPage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string };
}

/** Creates the connection through core's own POST /whatsapp (plan flag, plan limit, name, events, session start). */
async function createConnection(request: FastifyRequest, name: string, channel: MessengerKind): Promise<number> {
  const base = (process.env.API_BASE ?? '/api').replace(/\/+$/, '');
  for (let n = 1; n <= 5; n++) {
    const res = await request.server.inject({
      method: 'POST',
      url: `${base}/whatsapp`,
      headers: { authorization: request.headers.authorization ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: (n === 1 ? name : `${name} ${n}`).slice(0, 50).padEnd(2, '_'), channel }),
    });
    if (res.statusCode === 200 || res.statusCode === 201) return (res.json() as { id: number }).id;
    const error = (res.json() as { error?: string }).error;
    if (error !== 'ERR_DUPLICATED_CONNECTION') throw new AppError((error ?? 'ERR_INTERNAL') as never, res.statusCode, res.json() as Record<string, unknown>);
  }
  throw new AppError('ERR_DUPLICATED_CONNECTION', 409);
}

async function link(ctx: PluginContext, request: FastifyRequest, kind: MessengerKind, metaId: string, page: GraphPage, name: string): Promise<{ id: number; channel: MessengerKind; name: string; created: boolean }> {
  const companyId = request.auth.companyId;
  const existing = await connectionOfPage(ctx.db, companyId, kind, metaId);
  const id = existing ?? (await createConnection(request, name, kind));
  await savePage(ctx.db, { connectionId: id, companyId, kind, metaId, pageId: page.id, name, pageToken: page.access_token });
  await ctx.db('whatsapps').where({ id, companyId }).update({ status: 'OPENING', updatedAt: ctx.db.fn.now() });
  await ctx.bus.publish('core.connection.start', { companyId, connectionId: id }, { companyId });
  return { id, channel: kind, name, created: !existing };
}

/**
 * POST /facebook: the browser's Facebook Login result. The short-lived user token is exchanged for
 * a long-lived one; the user's pages (with their page tokens, which then do not expire) become one
 * connection each — and each page's Instagram business account another when addInstagram — and
 * the app is subscribed to every page's webhooks. Logging in again updates the tokens in place.
 */
export function registerLoginRoutes(ctx: PluginContext): void {
  ctx.routes.get('/facebook/login-config', async () => {
    const app = metaApp();
    return { appId: app.appId, scopes: LOGIN_SCOPES, sdkUrl: process.env.META_SDK_URL ?? 'https://connect.facebook.net/en_US/sdk.js', configured: Boolean(app.appId && app.appSecret) };
  });

  ctx.routes.post('/facebook', async (request) => {
    const input = facebookLoginSchema.parse(request.body);
    if (request.auth.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
    const app = metaApp();
    if (!app.appId || !app.appSecret) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, { detail: 'META_APP_ID and META_APP_SECRET are not set' });
    const login = new GraphClient({ accessToken: input.facebookUserToken, gateKey: `facebook-login:${request.auth.companyId}` });
    let pages: GraphPage[];
    try {
      const exchanged = await login.get<{ access_token: string }>('oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: app.appId,
        client_secret: app.appSecret,
        fb_exchange_token: input.facebookUserToken,
      });
      const user = new GraphClient({ accessToken: exchanged.access_token, gateKey: `facebook-login:${request.auth.companyId}` });
      const answer = await user.get<{ data?: GraphPage[] }>(`${input.facebookUserId}/accounts`, { fields: 'id,name,access_token,instagram_business_account{id,username}', limit: 100 });
      pages = (answer.data ?? []).filter((p) => !input.pageIds || input.pageIds.includes(p.id));
    } catch (err) {
      if (isGraphError(err)) throw new AppError('ERR_VALIDATION', 400, { errors: { facebookUserToken: 'validation.metaLogin' }, graphCode: err.code });
      throw err;
    }
    const connections = [];
    for (const page of pages) {
      const client = new GraphClient({ accessToken: page.access_token, gateKey: `facebook:page:${page.id}` });
      try {
        await client.post(`${page.id}/subscribed_apps`, null, { subscribed_fields: SUBSCRIBED_FIELDS });
      } catch (err) {
        if (isGraphError(err)) throw new AppError('ERR_VALIDATION', 400, { errors: { pageIds: 'validation.metaSubscribe' }, graphCode: err.code, pageId: page.id });
        throw err;
      }
      connections.push(await link(ctx, request, 'facebook', page.id, page, page.name));
      const ig = page.instagram_business_account;
      if (input.addInstagram && ig?.id) connections.push(await link(ctx, request, 'instagram', ig.id, page, ig.username ? `${ig.username}` : `${page.name} Instagram`));
    }
    return { connections };
  });
}
