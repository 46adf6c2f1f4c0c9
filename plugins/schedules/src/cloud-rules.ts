import { AppError, type OutboundTemplate, type PluginContext } from '@guiche/core';
import { templateExtrasOf } from '@guiche/contracts';
import { approvedTemplateSend, closedWindowNumbers } from '@guiche/meta-graph';
import type { Knex } from 'knex';
import type { ScheduleInput } from './schemas.js';

/** The WhatsApp Cloud API channel: Meta delivers free text only within 24 hours of the contact's last message. */
export const CLOUD_CHANNEL = 'whatsappapi';

type Ctx = Pick<PluginContext, 'db' | 'connections' | 'conversations'>;

/**
 * A schedule's WhatsApp Cloud API rules when it is saved (issue #29), on its connection (the chosen
 * one, else the company's default). A template: only on a Cloud API connection (400
 * ERR_TEMPLATE_NOT_SUPPORTED), approved and stored there with as many values as its variables, header and URL
 * buttons (400 ERR_TEMPLATE_NOT_FOUND / ERR_TEMPLATE_VARIABLES with the part / ERR_TEMPLATE_HEADER_MEDIA); answers its text as the customer reads it.
 * Free text on a Cloud API connection when the contact's window is closed at `sendAt` → 409
 * ERR_WINDOW_CLOSED (`fix: "template"`): Meta would refuse it.
 */
export async function checkScheduleCloudRules(ctx: Ctx, companyId: number, input: ScheduleInput): Promise<{ body: string } | null> {
  const connection = input.whatsappId ? await ctx.connections.find(companyId, input.whatsappId) : await ctx.connections.defaultOf(companyId);
  if (input.template) {
    if (connection?.channel !== CLOUD_CHANNEL) throw new AppError('ERR_TEMPLATE_NOT_SUPPORTED', 400, { channel: connection?.channel ?? null });
    const { body } = await approvedTemplateSend(ctx.db, connection.id, { ...input.template, ...templateExtrasOf(input.template) });
    return { body };
  }
  if (connection?.channel === CLOUD_CHANNEL) {
    const { closed } = await closedWindowNumbers(ctx.conversations, { companyId, connectionId: connection.id }, { contactIds: [input.contactId] }, { now: input.sendAt.getTime() });
    if (closed.length) throw new AppError('ERR_WINDOW_CLOSED', 409, { fix: 'template', connectionId: connection.id });
  }
  return null;
}

/**
 * What a due schedule sends on its connection: its template on a Cloud API connection (checked
 * again: Meta may have paused it since), else its body; free text to a Cloud API contact whose
 * window is closed now is refused instead of sent. Errors are AppErrors whose code the schedule keeps.
 */
export async function dueContent(
  ctx: Pick<PluginContext, 'conversations'>,
  trx: Knex.Transaction,
  row: { companyId: number; contactId: number; body: string; template?: ScheduleInput['template'] },
  connection: { id: number; channel: string },
  now: Date,
): Promise<{ body: string; template?: OutboundTemplate }> {
  if (row.template) {
    if (connection.channel !== CLOUD_CHANNEL) throw new AppError('ERR_TEMPLATE_NOT_SUPPORTED', 400);
    const { template, body } = await approvedTemplateSend(trx, connection.id, { ...row.template, ...templateExtrasOf(row.template) });
    return { template, body };
  }
  if (connection.channel === CLOUD_CHANNEL) {
    const { closed } = await closedWindowNumbers(ctx.conversations, { companyId: row.companyId, connectionId: connection.id }, { contactIds: [row.contactId] }, { now: now.getTime(), within: { trx } });
    if (closed.length) throw new AppError('ERR_WINDOW_CLOSED', 409);
  }
  return { body: row.body };
}
