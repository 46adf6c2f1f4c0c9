import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { id as rowId } from '@guiche/contracts';
import { AppError, mask, requireAdmin, secretMatches, type PluginContext } from '@guiche/core';
import { botApi, isDeadToken } from './bot-api.js';
import type { BotStore } from './bots.js';
import { processUpdate } from './inbound.js';
import { webhookUrl } from './session.js';

const paramsSchema = z.object({ id: rowId });
const tokenSchema = z.object({ token: z.string({ error: 'validation.required' }).trim().regex(/^\d{3,20}:[\w-]{30,80}$/, 'validation.telegramToken') });
const invalidToken = (key: string) => new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['token'], message: key }] });

export function registerRoutes(ctx: PluginContext, store: BotStore): void {
  async function telegramConnection(companyId: number, connectionId: number): Promise<{ id: number; companyId: number }> {
    const connection = await ctx.connections.find(companyId, connectionId);
    if (connection?.channel !== 'telegram') throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return connection;
  }
  const view = async (connectionId: number) => {
    const bot = await store.load(connectionId);
    return { configured: Boolean(bot), username: bot?.username ?? null, token: bot ? mask(bot.token) : null, mode: webhookUrl(connectionId) ? 'webhook' : 'polling', lastError: bot?.lastError ?? null };
  };

  /** The dialog's Telegram part: the bot's name, its token masked, webhook or long polling. */
  ctx.routes.get('/telegram/:id/bot', { schema: { params: paramsSchema } }, async (request) => {
    const { id } = paramsSchema.parse(request.params);
    return view((await telegramConnection(request.auth.companyId, id)).id);
  });

  /** Saves a bot token after getMe accepted it (sealed at rest) and starts the session again with it. */
  ctx.routes.put('/telegram/:id/bot', { preHandler: requireAdmin, schema: { params: paramsSchema } }, async (request) => {
    const { id } = paramsSchema.parse(request.params);
    const connection = await telegramConnection(request.auth.companyId, id);
    const { token } = tokenSchema.parse(request.body);
    let me: { id: number; username: string };
    try {
      me = await botApi(token)('getMe');
    } catch (err) {
      if (isDeadToken(err)) throw invalidToken('validation.telegramTokenRefused');
      throw invalidToken('validation.telegramUnreachable');
    }
    const owner = await store.connectionOfBot(me.id);
    if (owner && owner !== connection.id) throw new AppError('ERR_DUPLICATED_CONNECTION', 409);
    await store.save({ connectionId: connection.id, companyId: connection.companyId, botId: me.id, username: me.username, token, webhookSecret: randomBytes(32).toString('base64url') });
    await ctx.connections.start(connection.companyId, connection.id);
    return view(connection.id);
  });

  /**
   * Telegram's webhook: the update counts only with the connection's secret token in
   * X-Telegram-Bot-Api-Secret-Token (401 otherwise, nothing stored). It is stored before the 200,
   * so a failure is answered 500 and Telegram delivers it again.
   */
  ctx.publicRoutes.post('/telegram/webhook/:id', { schema: { params: paramsSchema } }, async (request, reply) => {
    const { id } = paramsSchema.parse(request.params);
    const bot = await store.load(id);
    if (!bot || !secretMatches(request.headers['x-telegram-bot-api-secret-token'], bot.webhookSecret)) throw new AppError('ERR_INVALID_SIGNATURE', 401);
    if (!(await ctx.plans.has(bot.companyId, 'useTelegram'))) return reply.code(200).send({ ok: true });
    const sink = { inbound: (m: Parameters<typeof ctx.ingest.ingest>[1]) => ctx.ingest.ingest(id, m), edited: (wid: string, body: string) => ctx.ingest.applyEdit(id, wid, body) };
    await processUpdate(sink, bot.token, (request.body ?? {}) as Record<string, any>);
    return reply.code(200).send({ ok: true });
  });
}
