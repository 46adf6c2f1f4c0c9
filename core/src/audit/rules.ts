import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { AuditActions } from './audit-log.js';

/** Reads the audited thing as it is now (before the handler: old value; after: new value). */
export type AuditSnapshot = (db: Knex, id: string | null, request: FastifyRequest) => Promise<Record<string, unknown> | null>;

/**
 * How one route is audited. The kernel's audit hook finds a rule for every mutating route (first
 * the route's own `config.audit`, else the table below by path) and records each 2xx answer.
 */
export interface AuditRule {
  entity: string;
  /** Old and new value; without one the new value is the (masked) request body. */
  snapshot?: AuditSnapshot;
  /** A fixed action; otherwise POST create, PUT/PATCH update, DELETE delete, GET export. */
  action?: string;
  /** Rows about the platform (plans, helps, announcements): only super users see them. */
  platform?: boolean;
  /**
   * Recorded for callers who are not signed in too. A path rule covers signed-in callers only:
   * a provider's webhook or a public hook under an audited path (/whatsappapi/webhook/…,
   * /telegram/webhook/…, /flowbuilder/hooks/…) is traffic, not a configuration change.
   */
  anonymous?: boolean;
}

/** The audit option a route may carry: `{ config: { audit: { entity: 'closingReason', snapshot: rowOf('closing_reasons') } } }`, or false to opt out. */
export type RouteAuditOption = AuditRule | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: RouteAuditOption;
  }
}

/** The row with this id of a table (any company: the handler already refused another company's id). */
export function rowOf(table: string): AuditSnapshot {
  return async (db, id) => (id && /^\d+$/.test(id) ? ((await db(table).where({ id: Number(id) }).first()) ?? null) : null);
}

/** A row plus the ids of a link table (a user's queues, a connection's queues). */
function rowWithLinks(table: string, link: string, owner: string, linked: string, as: string): AuditSnapshot {
  const row = rowOf(table);
  return async (db, id, request) => {
    const found = await row(db, id, request);
    if (!found) return null;
    const links = await db(link).where({ [owner]: found.id }).orderBy(linked).pluck(linked);
    return { ...found, [as]: links };
  };
}

/** A queue with its chatbot options (the queue dialog saves both). */
const queueWithOptions: AuditSnapshot = async (db, id, request) => {
  const queue = await rowOf('queues')(db, id, request);
  if (!queue) return null;
  const options = await db('chatbots').where({ queueId: queue.id }).orderBy('id').select('id', 'name', 'parentId', 'greetingMessage', 'queueType', 'closeTicket', 'optQueueId', 'optUserId', 'optIntegrationId');
  return { ...queue, options };
};

/** One setting of the caller's company (PUT /settings/:key, PUT /companySettings { column }). */
const settingOf: AuditSnapshot = async (db, _id, request) => {
  const key = (request.params as { key?: string }).key ?? (request.body as { column?: string } | undefined)?.column;
  const companyId = request.auth?.companyId;
  if (!key || !companyId) return null;
  const row = await db('settings').where({ companyId, key }).first('key', 'value');
  return { key, value: row?.value ?? null };
};

interface PathRule extends AuditRule {
  method?: string;
  /** The route's path under the API base, as registered; also matches every path below it. */
  path: string;
}

/**
 * The configuration routes, by path. A new configuration route under one of these paths is
 * audited with no change; a new path gets a line here, or a `config.audit` on its route.
 * More specific paths first.
 */
export const AUDITED_PATHS: PathRule[] = [
  { path: '/users', entity: 'user', snapshot: rowWithLinks('users', 'userQueues', 'userId', 'queueId', 'queueIds') },
  { path: '/atualizar-senha', entity: 'user', action: 'password_reset', anonymous: true },
  { path: '/queue', entity: 'queue', snapshot: queueWithOptions },
  { path: '/chatbot', entity: 'queueOption', snapshot: rowOf('chatbots') },
  { path: '/files', entity: 'fileList', snapshot: rowOf('files') },
  { path: '/whatsapp', entity: 'connection', snapshot: rowWithLinks('whatsapps', 'whatsappQueues', 'whatsappId', 'queueId', 'queueIds') },
  { path: '/whatsappapi', entity: 'connection', snapshot: rowOf('whatsapps') },
  { path: '/telegram', entity: 'connection', snapshot: rowOf('whatsapps') },
  { path: '/facebook', entity: 'connection' },
  { path: '/webchat/sites/:whatsappId/key', entity: 'connection', action: AuditActions.tokenRegenerated },
  { path: '/webchat/sites', entity: 'connection', snapshot: rowOf('whatsapps') },
  { path: '/messages-api/connections/:whatsappId/token', entity: 'connection', action: AuditActions.tokenRegenerated },
  { path: '/settings', entity: 'setting', snapshot: settingOf },
  { path: '/companySettings', entity: 'setting', snapshot: settingOf },
  { path: '/plans', entity: 'plan', snapshot: rowOf('plans'), platform: true },
  { path: '/helps', entity: 'help', snapshot: rowOf('helps'), platform: true },
  { path: '/announcements', entity: 'announcement', snapshot: rowOf('announcements'), platform: true },
  { path: '/companies', entity: 'company', snapshot: rowOf('companies') },
  { path: '/auth/signup', entity: 'company', snapshot: rowOf('companies') },
  { path: '/tags', entity: 'tag', snapshot: rowOf('tags') },
  { path: '/quick-messages', entity: 'quickMessage', snapshot: rowOf('quick_messages') },
  { path: '/queueIntegration', entity: 'integration', snapshot: rowOf('queue_integrations') },
  { path: '/prompt', entity: 'prompt', snapshot: rowOf('prompts') },
  { path: '/campaign-settings', entity: 'campaignSetting' },
  { path: '/campaigns', entity: 'campaign', snapshot: rowOf('campaigns') },
  { path: '/contact-lists', entity: 'contactList', snapshot: rowOf('contact_lists') },
  { path: '/schedules', entity: 'schedule', snapshot: rowOf('schedules') },
  { path: '/webhooks/:id/secret', entity: 'webhook', action: AuditActions.tokenRegenerated },
  { path: '/webhooks/:id/ping', entity: 'webhook', action: 'ping' },
  { path: '/webhooks/:id/deliveries', entity: 'webhook', action: 'redeliver' },
  { path: '/webhooks', entity: 'webhook', snapshot: rowOf('webhook_subscriptions') },
  { path: '/plantao', entity: 'onCall', snapshot: rowOf('plantoes') },
  { path: '/closing-reasons', entity: 'closingReason', snapshot: rowOf('closing_reasons') },
  { path: '/sla-targets', entity: 'slaTarget', snapshot: rowOf('sla_targets') },
  // Plugin tables are the plugin's own: core records the request body, not a snapshot.
  { path: '/campaign-guards', entity: 'campaignGuard' },
  { path: '/flowbuilder', entity: 'flow' },
  { path: '/birthdays/templates', entity: 'birthdayTemplate' },
  { path: '/transcription-queues', entity: 'transcriptionQueue' },
  { method: 'GET', path: '/contacts/export', entity: 'contact', action: AuditActions.export },
  { method: 'GET', path: '/ticket/reports/export', entity: 'ticketReport', action: AuditActions.export },
  { method: 'GET', path: '/audit/export', entity: 'audit', action: AuditActions.export },
];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The rule for a registered route (path relative to the API base), or null when it is not audited. */
export function auditRuleFor(method: string, path: string, option: RouteAuditOption | undefined): AuditRule | null {
  if (option === false) return null;
  if (option) return option;
  const found = AUDITED_PATHS.find((rule) => (rule.method ?? 'MUTATING') === (MUTATING.has(method) ? 'MUTATING' : method) && (path === rule.path || path.startsWith(`${rule.path}/`)));
  return found ?? null;
}

export function actionOf(method: string, rule: AuditRule): string {
  if (rule.action) return rule.action;
  if (method === 'POST') return AuditActions.create;
  if (method === 'DELETE') return AuditActions.delete;
  if (method === 'GET') return AuditActions.export;
  return AuditActions.update;
}
