import { AppError, type OutboundTemplate, type PluginContext } from '@guiche/core';
import { templateExtrasOf } from '@guiche/contracts';
import { approvedTemplateSend, closedWindowNumbers } from '@guiche/meta-graph';
import type { Knex } from 'knex';
import { CLOUD_CHANNEL } from './cloud-guard.js';
import type { CampaignInput, CampaignTemplate } from './schemas.js';

type Ctx = Pick<PluginContext, 'db' | 'connections' | 'conversations'>;

/**
 * A campaign's WhatsApp Cloud API rules when it is saved (issue #29). With a template: some chosen
 * connection must be a Cloud API one (400 ERR_TEMPLATE_NOT_SUPPORTED) and the template approved on
 * each of them with as many variables, header and URL-button values (400 ERR_TEMPLATE_NOT_FOUND /
 * ERR_TEMPLATE_VARIABLES with the part / ERR_TEMPLATE_HEADER_MEDIA).
 * Without one, free text on a Cloud API connection to recipients whose 24-hour window is closed is
 * refused (409 ERR_WINDOW_CLOSED with the connection and how many): Meta would refuse each send.
 */
export async function checkCampaignCloudRules(ctx: Ctx, companyId: number, input: CampaignInput): Promise<void> {
  const connections = await ctx.connections.findMany(companyId, input.whatsappId);
  const cloud = connections.filter((c) => c.channel === CLOUD_CHANNEL);
  if (input.template) {
    if (!cloud.length) throw new AppError('ERR_TEMPLATE_NOT_SUPPORTED', 400, { channel: connections[0]?.channel ?? null });
    for (const connection of cloud) {
      await approvedTemplateSend(ctx.db, connection.id, { ...input.template, ...templateExtrasOf(input.template) }).catch((err: unknown) => {
        if (err instanceof AppError) throw new AppError(err.code, err.statusCode, { ...err.extra, connectionId: connection.id, connectionName: connection.name });
        throw err;
      });
    }
    return;
  }
  if (!cloud.length) return;
  // The list's items still thought on WhatsApp, and the tag's contacts.
  const numbers: string[] = input.contactListId ? await ctx.db('contactListItems').where({ contactListId: input.contactListId, companyId }).whereRaw('is_whatsapp_valid IS NOT FALSE').pluck('number') : [];
  for (const connection of cloud) {
    const { closed, total } = await closedWindowNumbers(ctx.conversations, { companyId, connectionId: connection.id }, { numbers, tagId: input.tagListId });
    if (closed.length) throw new AppError('ERR_WINDOW_CLOSED', 409, { fix: 'template', connectionId: connection.id, connectionName: connection.name, closed: closed.length, recipients: total });
  }
}

/** The template for one contact: each variable's (body, header, URL buttons, header file) placeholders filled like the messages', checked against the stored template. */
export async function campaignTemplateSend(trx: Knex.Transaction, connectionId: number, template: CampaignTemplate, fill: (text: string) => string): Promise<{ template: OutboundTemplate; body: string }> {
  const { template: outbound, body } = await approvedTemplateSend(trx, connectionId, { name: template.name, language: template.language, variables: template.variables.map(fill), ...templateExtrasOf(template, fill) });
  return { template: outbound, body };
}

/** Whether a free-text send to this number on a Cloud API connection would be refused by Meta now. */
export async function windowClosed(ctx: Pick<PluginContext, 'conversations'>, trx: Knex.Transaction, ref: { companyId: number; connectionId: number }, number: string, now: Date): Promise<boolean> {
  return (await closedWindowNumbers(ctx.conversations, ref, { numbers: [number] }, { now: now.getTime(), within: { trx } })).closed.length > 0;
}
