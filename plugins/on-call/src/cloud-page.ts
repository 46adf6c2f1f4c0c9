import type { Knex } from 'knex';
import { PLANTAO_TEMPLATE_FIELDS, templateExtrasOf, type PlantaoTemplate, type PlantaoTemplateField } from '@guiche/contracts';
import { AppError, type OutboundTemplate, type PluginContext } from '@guiche/core';
import { approvedTemplateSend, closedWindowNumbers } from '@guiche/meta-graph';

/** The WhatsApp Cloud API channel: Meta delivers free text only within 24 hours of the phone's last message. */
export const CLOUD_CHANNEL = 'whatsappapi';

/** What an alert knows, for a template's `{field}` variables; the free text is always one of them. */
export type AlertFields = Partial<Record<PlantaoTemplateField, string | number | null>> & { text: string };

const FIELD = new RegExp(`\\{(${PLANTAO_TEMPLATE_FIELDS.join('|')})\\}`, 'g');

/** A variable with the alert's fields in place; Meta refuses an empty parameter, so a missing field reads "-". */
export function fillVariable(variable: string, fields: AlertFields): string {
  const filled = variable.replace(FIELD, (_whole, name: PlantaoTemplateField) => {
    const value = fields[name];
    return value === null || value === undefined || value === '' ? '-' : String(value);
  });
  return filled.trim() ? filled : '-';
}

/**
 * A rota's Cloud API rule when it is saved (issue #29), on the company's default connection (the one
 * ticket and SLA pages go through). A Cloud API default needs an approved stored template with as many
 * values as its variables, header and URL buttons (400 ERR_TEMPLATE_NOT_FOUND / ERR_TEMPLATE_VARIABLES with
 * the part / ERR_TEMPLATE_HEADER_MEDIA); without one the rota
 * is refused (409 ERR_WINDOW_CLOSED, `fix: "template"`): the duty phone's window is open only for 24 h
 * after it last wrote, so free text would soon be refused by Meta. A template on another channel → 400
 * ERR_TEMPLATE_NOT_SUPPORTED. No default connection: nothing to check (pages wait for one).
 */
export async function checkRotaCloudRules(ctx: Pick<PluginContext, 'db' | 'connections'>, companyId: number, template: PlantaoTemplate | null): Promise<void> {
  const connection = await ctx.connections.defaultOf(companyId);
  if (!connection) return;
  if (connection.channel !== CLOUD_CHANNEL) {
    if (template) throw new AppError('ERR_TEMPLATE_NOT_SUPPORTED', 400, { channel: connection.channel });
    return;
  }
  if (!template) throw new AppError('ERR_WINDOW_CLOSED', 409, { fix: 'template', connectionId: connection.id });
  await approvedTemplateSend(ctx.db, connection.id, { ...template, ...templateExtrasOf(template) });
}

/**
 * What one page to a duty phone sends on its connection. Not a Cloud API one: the free text. Cloud API:
 * the free text while the phone's window is open (it wrote to this number in the last 24 h; free of
 * charge and in full), else the rota's template with the alert's fields in its variables (checked
 * again: Meta may have paused it). Closed window and no usable template: an AppError (ERR_WINDOW_CLOSED,
 * ERR_TEMPLATE_NOT_FOUND, ERR_TEMPLATE_VARIABLES) the caller records on the rota instead of sending.
 */
export async function pageContent(
  ctx: Pick<PluginContext, 'conversations'>,
  trx: Knex.Transaction,
  to: { companyId: number; connection: { id: number; channel: string }; phone: string; template: PlantaoTemplate | null },
  fields: AlertFields,
  now: Date,
): Promise<{ body: string; template?: OutboundTemplate }> {
  if (to.connection.channel !== CLOUD_CHANNEL) return { body: fields.text };
  const ref = { companyId: to.companyId, connectionId: to.connection.id };
  const { closed, total } = await closedWindowNumbers(ctx.conversations, ref, { numbers: [to.phone] }, { now: now.getTime(), within: { trx } });
  // A phone that never wrote has no contact yet: its window is closed too.
  if (total > 0 && !closed.length) return { body: fields.text };
  if (!to.template) throw new AppError('ERR_WINDOW_CLOSED', 409, { fix: 'template', connectionId: to.connection.id });
  const fill = (v: string) => fillVariable(v, fields);
  const { template, body } = await approvedTemplateSend(trx, to.connection.id, { name: to.template.name, language: to.template.language, variables: to.template.variables.map(fill), ...templateExtrasOf(to.template, fill) });
  return { template, body };
}
