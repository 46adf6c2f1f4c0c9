import type { Knex } from 'knex';
import { templateExtrasOf, type BirthdaySkipReason, type BirthdayTemplate } from '@guiche/contracts';
import type { ChannelTemplates, OutboundTemplate } from '../plugin-sdk/channels.js';
import { renderVariables, type MessageVariables } from '../messaging/variables.js';
import type { CoreServices } from '../services.js';

/**
 * The birthday greeting on channels with a customer-service window (issue #33; the WhatsApp Cloud
 * API): outside the window the greeting goes as the company's template of that connection, checked
 * by the channel's own port (core never reads the channel's template table); without one it is
 * skipped and recorded for the admins, never sent to be refused by Meta.
 */

/** The template port of a registered channel, when it has a window. */
export function windowTemplatesOf(core: CoreServices, channel: string): ChannelTemplates | undefined {
  return core.channels.definitions().find((d) => d.channel === channel)?.templates;
}

/** The company's birthday template of a connection, if one was chosen. */
export async function birthdayTemplateOf(db: Knex | Knex.Transaction, companyId: number, connectionId: number): Promise<BirthdayTemplate | undefined> {
  const row = await db('birthdayTemplates').where({ companyId, whatsappId: connectionId }).first('name', 'language', 'variables', 'extras');
  if (!row) return undefined;
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return { name: row.name, language: row.language, variables: json(row.variables), ...(row.extras ? json(row.extras) : {}) };
}

/** When the contact last wrote on the connection (reactions aside), null when never. */
async function lastInboundAt(trx: Knex.Transaction, companyId: number, connectionId: number, contactId: number): Promise<Date | null> {
  const row = await trx('messages').where({ companyId, whatsappId: connectionId, contactId, fromMe: false }).whereNot({ mediaType: 'reactionMessage' }).max({ at: 'createdAt' }).first();
  return row?.at ? new Date(row.at) : null;
}

/** What the greeting needs on this connection: free text (undefined), the chosen template, or a skip for want of one. */
export async function greetingNeeds(
  core: CoreServices,
  trx: Knex.Transaction,
  ref: { companyId: number; contactId: number; connection: { id: number; channel: string } },
  now: Date,
): Promise<undefined | { port: ChannelTemplates; template: BirthdayTemplate } | { skip: BirthdaySkipReason }> {
  const port = windowTemplatesOf(core, ref.connection.channel);
  if (!port) return undefined;
  if (port.windowOpen(await lastInboundAt(trx, ref.companyId, ref.connection.id, ref.contactId), now)) return undefined;
  const template = await birthdayTemplateOf(trx, ref.companyId, ref.connection.id);
  return template ? { port, template } : { skip: 'noTemplate' };
}

/** The template send with the contact's values in its variables (Meta refuses an empty value: "-"). */
export function templateSend(
  trx: Knex.Transaction,
  needs: { port: ChannelTemplates; template: BirthdayTemplate },
  connectionId: number,
  variables: MessageVariables,
): Promise<{ template: OutboundTemplate; body: string }> {
  const fill = (v: string) => renderVariables(v, variables).trim() || '-';
  return needs.port.approved(trx, connectionId, { name: needs.template.name, language: needs.template.language, variables: needs.template.variables.map(fill), ...templateExtrasOf(needs.template, fill) });
}

/** A greeting not sent through the connection today, kept for the admins' warning (once per contact and day). */
export async function recordSkip(trx: Knex.Transaction, skip: { companyId: number; connectionId: number; contactId: number; day: string; reason: BirthdaySkipReason }): Promise<void> {
  await trx('birthdaySkips')
    .insert({ companyId: skip.companyId, whatsappId: skip.connectionId, contactId: skip.contactId, day: skip.day, reason: skip.reason })
    .onConflict(['contactId', 'day'])
    .ignore();
}
