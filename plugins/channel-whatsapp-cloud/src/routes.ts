import { z } from 'zod';
import { id as rowId, templateExtrasFields, templateExtrasOf } from '@guiche/contracts';
import { AppError, requireAdmin, type PluginContext } from '@guiche/core';
import { approvedTemplateSend, isGraphError, metaTicket, publicBaseUrl, registerWindowRoute, storedTemplates } from '@guiche/meta-graph';
import { clientOf, loadAccount, publicView, saveAccount, type CloudAccount } from './accounts.js';
import { webhookIdOf } from './webhook-ids.js';
import { templateMessage } from './templates.js';
import { syncTemplates, templatesSyncedAt } from './template-sync.js';

const id = z.string().trim().regex(/^\d{1,64}$/, 'validation.metaGraphId');
const secret = z.string().trim().min(8, 'validation.tooShort').max(1024, 'validation.tooLong');
const credentialsSchema = z.object({
  phoneNumberId: id,
  wabaId: id,
  accessToken: secret.optional(),
  appSecret: secret.optional(),
  verifyToken: z.string().trim().min(8, 'validation.tooShort').max(200, 'validation.tooLong').optional(),
});
const paramsSchema = z.object({ id: rowId });
const templatesQuerySchema = z.object({ all: z.enum(['true', 'false']).optional() });
const ticketParamsSchema = z.object({ ticketId: rowId });
const templateSendSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(512, 'validation.tooLong'),
  language: z.string().trim().min(2, 'validation.required').max(20, 'validation.tooLong'),
  parameters: z.array(z.string().max(1024, 'validation.tooLong')).max(20).default([]),
  /** The header's text variable, its file's address, the URL buttons' suffixes: where the template has them. */
  ...templateExtrasFields,
});

async function cloudConnection(ctx: PluginContext, companyId: number, connectionId: number) {
  const row = await ctx.db('whatsapps').where({ id: connectionId, companyId, channel: 'whatsappapi' }).first('id', 'token', 'companyId');
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  return row as { id: number; token: string; companyId: number };
}

/** Graph's answer to a sync, as the caller sees it: 502 with Graph's code (a revoked token, Meta down). */
async function syncOrExplain(ctx: PluginContext, account: CloudAccount) {
  try {
    return await syncTemplates(ctx.db, account);
  } catch (err) {
    if (isGraphError(err)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 502, { graphCode: err.code, detail: err.detail });
    throw err;
  }
}

export function registerRoutes(ctx: PluginContext): void {
  const { routes } = ctx;
  registerWindowRoute(ctx, 'whatsappapi');

  /** The dialog's Meta fields: ids in full, secrets masked, the webhook URL to paste in Meta's app. */
  routes.get('/whatsappapi/:id/credentials', { schema: { params: paramsSchema } }, async (request) => {
    const { id: connectionId } = paramsSchema.parse(request.params);
    const connection = await cloudConnection(ctx, request.auth.companyId, connectionId);
    const account = await loadAccount(ctx.db, connection.id);
    return {
      webhookUrl: `${publicBaseUrl(request)}/api/whatsappapi/webhook/${await webhookIdOf(ctx.db, connection.companyId, connection.id)}`,
      configured: Boolean(account),
      ...(account ? publicView(account) : { phoneNumberId: null, wabaId: null, accessToken: null, appSecret: null, verifyToken: null, lastError: null }),
    };
  });

  /** Saves them (secrets encrypted; an omitted secret keeps the stored one) and restarts the session to check them. */
  routes.put('/whatsappapi/:id/credentials', { preHandler: requireAdmin, schema: { params: paramsSchema } }, async (request) => {
    const { id: connectionId } = paramsSchema.parse(request.params);
    // Another company's connection is a 404 whatever the body says.
    const connection = await cloudConnection(ctx, request.auth.companyId, connectionId);
    const input = credentialsSchema.parse(request.body);
    const current = await loadAccount(ctx.db, connection.id);
    if (!current) {
      const missing = (['accessToken', 'appSecret', 'verifyToken'] as const).filter((field) => !input[field]);
      if (missing.length) throw new AppError('ERR_VALIDATION', 400, { errors: Object.fromEntries(missing.map((field) => [field, 'validation.required'])) });
    }
    const taken = await ctx.db('whatsappCloudAccounts').where({ phoneNumberId: input.phoneNumberId }).whereNot({ connectionId: connection.id }).first('connectionId');
    if (taken) throw new AppError('ERR_DUPLICATED_CONNECTION', 409);
    await saveAccount(ctx.db, connection.companyId, connection.id, input);
    await ctx.db('whatsapps').where({ id: connection.id }).update({ status: 'OPENING', updatedAt: ctx.db.fn.now() });
    await ctx.bus.publish('core.connection.start', { companyId: connection.companyId, connectionId: connection.id }, { companyId: connection.companyId });
    return publicView((await loadAccount(ctx.db, connection.id))!);
  });

  /**
   * The connection's stored templates (only APPROVED ones unless ?all=true), read from the table the
   * sync fills; a connection never synced is synced first.
   */
  routes.get('/whatsappapi/:id/templates', { schema: { params: paramsSchema, querystring: templatesQuerySchema } }, async (request) => {
    const { id: connectionId } = paramsSchema.parse(request.params);
    const { all } = templatesQuerySchema.parse(request.query);
    const connection = await cloudConnection(ctx, request.auth.companyId, connectionId);
    const account = await loadAccount(ctx.db, connection.id);
    if (!account) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    if (!(await templatesSyncedAt(ctx.db, connection.id))) await syncOrExplain(ctx, account);
    return { templates: await storedTemplates(ctx.db, connection.id, { all: all === 'true' }), syncedAt: (await templatesSyncedAt(ctx.db, connection.id))?.toISOString() ?? null };
  });

  /** Syncs the WABA's templates from Graph now (the daily timer does it too). */
  routes.post('/whatsappapi/:id/templates/sync', { preHandler: requireAdmin, schema: { params: paramsSchema } }, async (request) => {
    const { id: connectionId } = paramsSchema.parse(request.params);
    const connection = await cloudConnection(ctx, request.auth.companyId, connectionId);
    const account = await loadAccount(ctx.db, connection.id);
    if (!account) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const counts = await syncOrExplain(ctx, account);
    return { ...counts, syncedAt: (await templatesSyncedAt(ctx.db, connection.id))!.toISOString() };
  });

  /**
   * Sends an approved template to the ticket's contact (allowed with the window closed; the
   * contact's answer opens it). Stored as the agent's message with Meta's id, so the statuses
   * Meta sends later (sent, delivered, read, failed) land on it.
   */
  routes.post('/whatsappapi/tickets/:ticketId/template', { schema: { params: ticketParamsSchema } }, async (request, reply) => {
    const { ticketId } = ticketParamsSchema.parse(request.params);
    const ticket = await metaTicket(ctx, request.auth, ticketId, 'whatsappapi');
    const input = templateSendSchema.parse(request.body);
    const account = await loadAccount(ctx.db, ticket.whatsappId);
    if (!account) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    const contact = await ctx.db('contacts').where({ id: ticket.contactId }).first('number', 'name');
    const client = clientOf(account);
    try {
      const choice = { name: input.name, language: input.language, variables: input.parameters, ...templateExtrasOf(input) };
      // A template approved since the last sync: synced once more before it is refused.
      const chosen = await approvedTemplateSend(ctx.db, ticket.whatsappId, choice).catch(async (err: unknown) => {
        if (!(err instanceof AppError) || err.code !== 'ERR_TEMPLATE_NOT_FOUND') throw err;
        await syncTemplates(ctx.db, account);
        return approvedTemplateSend(ctx.db, ticket.whatsappId, choice);
      });
      const answer = await client.post<{ messages?: { id: string }[] }>(`${account.phoneNumberId}/messages`, templateMessage(contact.number, chosen.template));
      const wid = answer.messages?.[0]?.id;
      if (!wid) throw new AppError('ERR_SENDING_WAPP_MSG', 502);
      const result = await ctx.ingest.ingest(ticket.whatsappId, {
        wid,
        fromMe: true,
        timestamp: new Date(),
        peer: { id: contact.number, number: contact.number },
        body: chosen.body,
        mediaType: 'chat',
        data: { template: { name: input.name, language: input.language, parameters: input.parameters }, ack: 1, userId: request.auth.id },
      });
      if (result.created) await ctx.db('messages').where({ id: result.messageId }).update({ userId: request.auth.id }).catch(() => undefined);
      return reply.code(201).send({ id: result.messageId, wid });
    } catch (err) {
      if (isGraphError(err)) throw new AppError('ERR_SENDING_WAPP_MSG', 502, { graphCode: err.code, detail: err.detail });
      throw err;
    }
  });
}
