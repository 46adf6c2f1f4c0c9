import { z } from 'zod';
import { birthdayTemplateSchema, id, templateExtrasOf, templateExtrasParams, type BirthdayConnection, type BirthdaySkipReason, type BirthdayTemplate } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { birthdayTemplateOf, windowTemplatesOf } from './birthday-cloud.js';

const TAGS = ['settings'];

/** The template's header, header file and URL-button values as the row keeps them (null when it has none). */
function templateExtrasJson(template: BirthdayTemplate): string | null {
  const extras = templateExtrasParams(templateExtrasOf(template));
  return Object.keys(extras).length ? JSON.stringify(extras) : null;
}
const connectionParams = z.object({ whatsappId: id });

/** The company's connections whose channel has a window (the Cloud API), with their templates and skipped greetings. */
async function birthdayConnections(core: CoreServices, companyId: number): Promise<BirthdayConnection[]> {
  const channels = core.channels.definitions().filter((d) => d.templates).map((d) => d.channel);
  if (!channels.length) return [];
  const connections: { id: number; name: string }[] = await core.db('whatsapps').where({ companyId }).whereIn('channel', channels).orderBy('name').select('id', 'name');
  const out: BirthdayConnection[] = [];
  for (const connection of connections) {
    const skips = core.db('birthdaySkips').where({ companyId, whatsappId: connection.id });
    const [{ n }] = await skips.clone().count({ n: '*' });
    const last: { day: string; reason: BirthdaySkipReason } | undefined = await skips.clone().orderBy('id', 'desc').first('day', 'reason');
    out.push({
      id: connection.id,
      name: connection.name,
      template: (await birthdayTemplateOf(core.db, companyId, connection.id)) ?? null,
      skipped: Number(n),
      lastSkippedOn: last ? String(last.day) : null,
      lastSkipReason: last?.reason ?? null,
    });
  }
  return out;
}

/** A connection of the company with a window; 404 when not the company's, 400 when its channel has no templates. */
async function windowConnection(core: CoreServices, companyId: number, whatsappId: number) {
  const connection = await core.db('whatsapps').where({ id: whatsappId, companyId }).first('id', 'channel');
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  const port = windowTemplatesOf(core, connection.channel);
  if (!port) throw new AppError('ERR_TEMPLATE_NOT_SUPPORTED', 400, { channel: connection.channel });
  return { id: Number(connection.id), port };
}

/**
 * Issue #33: the birthday template of each Cloud API connection (admins). Saving checks the template
 * through the channel's port — approved and stored for that connection, one value per variable
 * (400 ERR_TEMPLATE_NOT_FOUND / ERR_TEMPLATE_VARIABLES) — and clears the connection's skipped greetings.
 */
export function registerBirthdayRoutes(scope: Routes, core: CoreServices): void {
  scope.get('/birthdays/templates', { onRequest: requireAdmin, schema: { tags: TAGS } }, async (request) => ({
    connections: await birthdayConnections(core, request.auth.companyId),
  }));

  scope.put('/birthdays/templates/:whatsappId', { onRequest: requireAdmin, schema: { params: connectionParams, body: birthdayTemplateSchema, tags: TAGS } }, async (request) => {
    const { companyId } = request.auth;
    const { id: whatsappId, port } = await windowConnection(core, companyId, request.params.whatsappId);
    const template = request.body;
    await port.approved(core.db, whatsappId, { ...template, ...templateExtrasOf(template) });
    await core.db.transaction(async (trx) => {
      await trx('birthdayTemplates')
        .insert({ companyId, whatsappId, name: template.name, language: template.language, variables: JSON.stringify(template.variables), extras: templateExtrasJson(template), updatedAt: trx.fn.now() })
        .onConflict(['companyId', 'whatsappId'])
        .merge();
      await trx('birthdaySkips').where({ companyId, whatsappId }).delete();
    });
    return { whatsappId, template };
  });

  scope.delete('/birthdays/templates/:whatsappId', { onRequest: requireAdmin, schema: { params: connectionParams, tags: TAGS } }, async (request) => {
    const { companyId } = request.auth;
    const connection = await core.db('whatsapps').where({ id: request.params.whatsappId, companyId }).first('id');
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    await core.db('birthdayTemplates').where({ companyId, whatsappId: connection.id }).delete();
    return { whatsappId: Number(connection.id), template: null };
  });
}
