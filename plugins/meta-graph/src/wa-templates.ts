import type { Knex } from 'knex';
import { AppError, type OutboundTemplate } from '@guiche/core';
import { checkTemplateExtras, templateSlots, type TemplateExtras } from './wa-template-slots.js';

/**
 * A WhatsApp Cloud API connection's message template as stored by the channel's sync (table
 * whatsapp_cloud_templates, owned by @guiche/plugin-channel-whatsapp-cloud). Campaigns, schedules
 * and the external API read them here rather than asking Graph at each send.
 */
export interface StoredTemplate {
  connectionId: number;
  name: string;
  language: string;
  category: string;
  /** Meta's status: APPROVED, PENDING, REJECTED, PAUSED, DISABLED…; DELETED once Graph no longer lists it. */
  status: string;
  /** POSITIONAL ({{1}}) or NAMED ({{first_name}}). */
  parameterFormat: 'POSITIONAL' | 'NAMED';
  /** The BODY component's text with its placeholders. */
  body: string;
  header: string | null;
  footer: string | null;
  /** The body's placeholders in order of first appearance ("1", "2"… or names). */
  variableNames: string[];
  /** How many values a send must carry. */
  variables: number;
  /** Meta's components as Graph answered them. */
  components: unknown[];
  syncedAt: string;
}

const TABLE = 'whatsappCloudTemplates';
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The placeholders of a template text, each once, in order of first appearance. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The template's body with the values in place, as the customer reads it. */
export function renderTemplate(template: Pick<StoredTemplate, 'body' | 'variableNames'>, values: string[]): string {
  return template.body.replace(PLACEHOLDER, (whole, name: string) => {
    const index = template.variableNames.indexOf(name);
    return index >= 0 && values[index] !== undefined ? values[index]! : whole;
  });
}

function fromRow(row: Record<string, any>): StoredTemplate {
  return {
    connectionId: row.connectionId,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    parameterFormat: row.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL',
    body: row.body,
    header: row.header,
    footer: row.footer,
    variableNames: row.variableNames ?? [],
    variables: row.variables,
    components: row.components ?? [],
    syncedAt: new Date(row.syncedAt).toISOString(),
  };
}

/** The connection's stored templates (only APPROVED ones unless `all`), by name and language. */
export async function storedTemplates(db: Knex | Knex.Transaction, connectionId: number, options: { all?: boolean } = {}): Promise<StoredTemplate[]> {
  const query = db(TABLE).where({ connectionId }).orderBy([{ column: 'name' }, { column: 'language' }]);
  if (!options.all) query.where({ status: 'APPROVED' });
  return (await query).map(fromRow);
}

/** One stored template of the connection, whatever its status; undefined when never synced. */
export async function storedTemplate(db: Knex | Knex.Transaction, connectionId: number, name: string, language: string): Promise<StoredTemplate | undefined> {
  const row = await db(TABLE).where({ connectionId, name, language }).first();
  return row ? fromRow(row) : undefined;
}

/**
 * What a send by template asks for: a template's name, its language and the variables' values, and
 * where the template has them the header's text variable or file address and the URL buttons' suffixes.
 */
export interface TemplateChoice extends TemplateExtras {
  name: string;
  language: string;
  variables: string[];
}

/**
 * The approved stored template a send names, with its values checked against its variables:
 * 400 ERR_TEMPLATE_NOT_FOUND (not stored, or not APPROVED any more) or ERR_TEMPLATE_VARIABLES
 * (a different count of values). Answers the outbound template and the rendered text.
 */
export async function approvedTemplateSend(db: Knex | Knex.Transaction, connectionId: number, choice: TemplateChoice): Promise<{ template: OutboundTemplate; body: string; stored: StoredTemplate }> {
  const stored = await storedTemplate(db, connectionId, choice.name, choice.language);
  if (!stored || stored.status !== 'APPROVED') {
    throw new AppError('ERR_TEMPLATE_NOT_FOUND', 400, { name: choice.name, language: choice.language, status: stored?.status ?? null });
  }
  if (choice.variables.length !== stored.variables) {
    throw new AppError('ERR_TEMPLATE_VARIABLES', 400, { expected: stored.variables, received: choice.variables.length });
  }
  const slots = templateSlots(stored.components);
  checkTemplateExtras(slots, choice);
  const named = stored.parameterFormat === 'NAMED';
  const headerMedia = choice.headerMedia?.trim();
  return {
    stored,
    body: renderTemplate(stored, choice.variables),
    template: {
      name: stored.name,
      language: stored.language,
      parameters: choice.variables,
      ...(named ? { parameterNames: stored.variableNames } : {}),
      ...(slots.headerVariableNames.length
        ? { headerParameters: choice.headerVariables!, ...(named ? { headerParameterNames: slots.headerVariableNames } : {}) }
        : {}),
      ...(slots.headerMedia && headerMedia ? { headerMedia: { kind: slots.headerMedia, link: headerMedia } } : {}),
      ...(slots.urlButtons.length ? { buttonParameters: slots.urlButtons.map((b, i) => ({ index: b.index, text: choice.buttonVariables![i]! })) } : {}),
    },
  };
}
