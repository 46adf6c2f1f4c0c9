import { randomBytes, randomUUID } from 'node:crypto';
import { createTestKernel, type TestCompany, type TestKernel, type TestUser } from '@guiche/core/testing';
import { FIRST_PARTY_PLUGINS } from '../../src/config.js';

/**
 * The world the fuzz and tenant-matrix suites run against (issue 17): a kernel with every
 * first-party plugin (so a new plugin in FIRST_PARTY_PLUGINS joins by itself) and two companies,
 * each with an admin, a plain user and one record of every kind the API addresses by id.
 */

export interface OpenApiOperation {
  method: string;
  /** OpenAPI path, e.g. /api/tickets/{id}. */
  path: string;
  operation: {
    parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  };
}

export type JsonSchema = Record<string, any>;

export interface Tenant extends TestCompany {
  user: TestUser;
  /** Appears in the names of every seeded record of this tenant. */
  marker: string;
  ids: Record<string, number | string>;
}

export interface World {
  k: TestKernel;
  a: Tenant;
  b: Tenant;
  operations: OpenApiOperation[];
  doc: any;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: any): OpenApiOperation[] {
  const ops: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) if (item[method]) ops.push({ method: method.toUpperCase(), path, operation: item[method] });
  }
  return ops;
}

async function seedTenant(k: TestKernel, prefix: string): Promise<Tenant> {
  // Every record's name carries the marker, so a leak shows in any answer's text.
  const label = `${prefix}${randomBytes(4).toString('hex')}`;
  const c = await k.createCompany({ name: `Fuzz ${label}` });
  const companyId = c.company.id;
  const user = await k.createUser(companyId, { profile: 'user' });
  const db = k.db;
  const [queue] = await db('queues').insert({ companyId, name: `Fila ${label}`, color: `#${randomBytes(3).toString('hex')}`, greetingMessage: `Olá ${label}` }).returning('id');
  await db('userQueues').insert({ companyId, userId: user.user.id, queueId: queue.id });
  // A website-chat connection: no session to start (a WhatsApp one would reach for WhatsApp's servers).
  const webchat = await k.api('POST', '/whatsapp', { token: c.admin.token, body: { name: `Site ${label}`, channel: 'webchat' } });
  if (webchat.status >= 300) throw new Error(`webchat seed failed: ${webchat.status} ${JSON.stringify(webchat.body)}`);
  const conn = { id: webchat.body.id as number };
  const [contact] = await db('contacts').insert({ companyId, name: `Cliente ${label}`, number: `5521${10000000 + (randomBytes(3).readUIntBE(0, 3) % 89999999)}`, channel: 'whatsapp' }).returning('id');
  const [ticket] = await db('tickets')
    .insert({ companyId, contactId: contact.id, whatsappId: conn.id, queueId: queue.id, status: 'open', userId: user.user.id })
    .returning(['id', 'uuid']);
  const [message] = await db('messages')
    .insert({ companyId, ticketId: ticket.id, contactId: contact.id, whatsappId: conn.id, body: `oi ${label}`, fromMe: true, userId: user.user.id, wid: `W${randomBytes(6).toString('hex')}` })
    .returning('id');
  const [tag] = await db('tags').insert({ companyId, name: `Etiqueta ${label}`, color: '#A4CCCC' }).returning('id');
  const [note] = await db('ticketNotes').insert({ companyId, ticketId: ticket.id, contactId: contact.id, userId: user.user.id, note: `nota ${label}` }).returning('id');
  const [quick] = await db('quickMessages').insert({ companyId, userId: c.admin.user.id, shortcode: `atalho${label}`, message: `texto ${label}`, geral: true }).returning('id');
  const [file] = await db('files').insert({ companyId, name: `Lista ${label}`, message: `arquivos ${label}` }).returning('id');
  const [chatbot] = await db('chatbots').insert({ companyId, queueId: queue.id, name: `Opção ${label}` }).returning('id');
  const later = new Date(Date.now() + 86_400_000);
  const [schedule] = await db('schedules')
    .insert({ companyId, contactId: contact.id, userId: user.user.id, body: `agendado ${label}`, sendAt: later, firstSendAt: later })
    .returning('id');
  const [contactList] = await db('contactLists').insert({ companyId, name: `Lista ${label}` }).returning('id');
  const [contactListItem] = await db('contactListItems').insert({ companyId, contactListId: contactList.id, name: `Pessoa ${label}`, number: '5511977776666' }).returning('id');
  const [campaign] = await db('campaigns').insert({ companyId, name: `Campanha ${label}`, contactListId: contactList.id, whatsappIds: [conn.id], message1: `oi ${label}` }).returning('id');
  const [duty] = await db('plantoes').insert({ companyId, userId: user.user.id, phone: '5511988887777', days: JSON.stringify([]) }).returning('id');
  const [integration] = await db('queueIntegrations').insert({ companyId, type: 'webhook', name: `Gancho ${label}`, projectName: `Gancho ${label}`, urlN8n: 'https://hook.invalid/' }).returning('id');
  const [prompt] = await db('prompts').insert({ companyId, name: `Prompt ${label}`, prompt: `prompt ${label}`, queueId: queue.id }).returning('id');
  // Helps belong to the platform (no company, no marker): refused to everyone but super users.
  const [help] = await db('helps').insert({ title: 'Ajuda da plataforma', video: 'dQw4w9WgXcQ' }).returning('id');
  const [announcement] = await db('announcements').insert({ companyId: 1, title: 'Aviso da plataforma', text: 'Para todos' }).returning('id');
  const [webhook] = await db('webhookSubscriptions').insert({ companyId, url: 'https://hook.invalid/', events: JSON.stringify(['message.created']), secret: 'sealed' }).returning('id');
  const [delivery] = await db('webhookDeliveries')
    .insert({ companyId, subscriptionId: webhook.id, eventId: randomUUID(), eventKey: `seed:${label}`, type: 'message.created', body: '{}' })
    .returning('id');
  const [invoice] = await db('invoices').insert({ companyId, detail: `Fatura ${label}`, users: 1, connections: 1, queues: 1, value: 10, dueDate: '2999-01-01' }).returning('id');
  const [closingReason] = await db('closingReasons').insert({ companyId, name: `Motivo ${label}`, color: '#123456' }).returning('id');
  const [slaTarget] = await db('slaTargets').insert({ companyId, queueId: queue.id, firstResponseMinutes: 30 }).returning('id');
  const flow = await k.api('POST', '/flowbuilder', { token: c.admin.token, body: { name: `Fluxo ${label}` } });
  if (flow.status >= 300) throw new Error(`flow seed failed: ${flow.status} ${JSON.stringify(flow.body)}`);
  const [flowVersion] = await db('flowBuilderVersions').insert({ companyId, flowId: flow.body.id, number: 1, graph: JSON.stringify(flow.body.graph) }).returning('id');
  const chat = await k.api('POST', '/chats', { token: c.admin.token, body: { title: `Chat ${label}`, users: [{ id: user.user.id }] } });
  if (chat.status >= 300) throw new Error(`chat seed failed: ${chat.status} ${JSON.stringify(chat.body)}`);
  return {
    ...c,
    user,
    marker: label,
    ids: {
      company: companyId,
      plan: c.plan.id,
      adminUser: c.admin.user.id,
      user: user.user.id,
      queue: queue.id,
      connection: conn.id,
      contact: contact.id,
      ticket: ticket.id,
      ticketUuid: ticket.uuid,
      message: Number(message.id),
      tag: tag.id,
      note: note.id,
      quickMessage: quick.id,
      chat: chat.body.id,
      file: file.id,
      chatbot: chatbot.id,
      schedule: schedule.id,
      contactList: contactList.id,
      contactListItem: contactListItem.id,
      campaign: campaign.id,
      onCallDuty: duty.id,
      queueIntegration: integration.id,
      prompt: prompt.id,
      help: help.id,
      announcement: announcement.id,
      invoice: invoice.id,
      webhook: webhook.id,
      webhookDelivery: Number(delivery.id),
      closingReason: closingReason.id,
      slaTarget: slaTarget.id,
      chatUuid: chat.body.uuid,
      webchat: webchat.body.id,
      webchatToken: (await k.api('GET', `/webchat/sites/${webchat.body.id}`, { token: c.admin.token })).body.token,
      flow: flow.body.id,
      flowVersion: flowVersion.id,
    },
  };
}

export async function createWorld(): Promise<World> {
  const k = await createTestKernel({ plugins: FIRST_PARTY_PLUGINS });
  const a = await seedTenant(k, 'A');
  const b = await seedTenant(k, 'B');
  const doc = k.kernel.app.swagger();
  return { k, a, b, doc, operations: operationsOf(doc) };
}

/**
 * Which record of a tenant a path parameter names, by the path it appears in. A route whose
 * parameter is not listed here fails the tenant matrix with a message asking to add it.
 */
export const PATH_PARAM_RESOURCES: [RegExp, Record<string, string>][] = [
  [/^\/api\/tickets\/u\/\{uuid\}$/, { uuid: 'ticketUuid' }],
  [/^\/api\/tickets(-log)?\//, { id: 'ticket', ticketId: 'ticket' }],
  [/^\/api\/messages\/(edit\/)?\{id\}$/, { id: 'message' }],
  [/^\/api\/transcriptions\/\{messageId\}$/, { messageId: 'message' }],
  [/^\/api\/messages\//, { ticketId: 'ticket' }],
  [/^\/api\/ticket-notes\//, { id: 'note' }],
  [/^\/api\/ticket-tags\//, { ticketId: 'ticket', tagId: 'tag' }],
  [/^\/api\/quick-messages\//, { id: 'quickMessage' }],
  [/^\/api\/closedimported\//, { id: 'connection' }],
  [/^\/api\/plans\//, { id: 'plan' }],
  [/^\/api\/users\//, { id: 'user' }],
  [/^\/api\/companies\//, { id: 'company', companyId: 'company' }],
  [/^\/api\/queue\//, { id: 'queue' }],
  [/^\/api\/whatsapp(session)?\//, { id: 'connection' }],
  [/^\/api\/contacts\//, { id: 'contact' }],
  [/^\/api\/contactTags\//, { contactId: 'contact' }],
  [/^\/api\/tags\//, { id: 'tag' }],
  [/^\/api\/chats\//, { id: 'chat' }],
  [/^\/api\/chatbot\//, { id: 'chatbot' }],
  [/^\/api\/files\//, { id: 'file' }],
  [/^\/api\/helps\//, { id: 'help' }],
  [/^\/api\/announcements\//, { id: 'announcement' }],
  [/^\/api\/invoices\//, { id: 'invoice' }],
  [/^\/api\/schedules\//, { id: 'schedule' }],
  [/^\/api\/contact-lists\//, { id: 'contactList' }],
  [/^\/api\/contact-list-items\//, { id: 'contactListItem' }],
  [/^\/api\/campaigns\//, { id: 'campaign' }],
  [/^\/api\/webchat\/sites\//, { whatsappId: 'connection' }],
  [/^\/api\/plantao\//, { id: 'onCallDuty' }],
  [/^\/api\/queueIntegration\//, { id: 'queueIntegration' }],
  [/^\/api\/prompt\//, { id: 'prompt' }],
  [/^\/api\/(whatsappapi|facebook|instagram)\/tickets\//, { ticketId: 'ticket' }],
  [/^\/api\/whatsappapi\//, { id: 'connection' }],
  [/^\/api\/telegram\/\{id\}\//, { id: 'connection' }],
  [/^\/api\/webhooks\//, { id: 'webhook', deliveryId: 'webhookDelivery' }],
  [/^\/api\/companySettings\//, { companyId: 'company' }],
  [/^\/api\/messages-api\/connections\//, { whatsappId: 'connection' }],
  [/^\/api\/closing-reasons\//, { id: 'closingReason' }],
  [/^\/api\/sla-targets\//, { id: 'slaTarget' }],
  [/^\/api\/flowbuilder\//, { id: 'flow', versionId: 'flowVersion' }],
  [/^\/api\/campaign-guards\//, { whatsappId: 'connection' }],
  [/^\/api\/birthdays\/templates\//, { whatsappId: 'connection' }],
  [/^\/api\/transcription-queues\//, { queueId: 'queue' }],
];

/** Path parameters that are not a tenant's record (a phone number, a setting key, a public token). */
export const NON_RECORD_PARAMS: Record<string, string[]> = {
  '/api/contacts/profile/{number}': ['number'],
  '/api/settings/{key}': ['key'],
  '/api/verificar-code/{wpp}': ['wpp'],
  '/api/webchat/{token}/messages': ['token'],
  '/api/whatsappapi/webhook/{webhookId}': ['webhookId'],
  // Public: Telegram's secret-token header authenticates it, not a tenant's session.
  '/api/telegram/webhook/{id}': ['id'],
  // Public: the flow's secret token authenticates it.
  '/api/flowbuilder/hooks/{token}': ['token'],
};

export function resourceOfParam(path: string, param: string): string | null {
  for (const [re, map] of PATH_PARAM_RESOURCES) if (re.test(path) && map[param]) return map[param]!;
  return null;
}

/** encodeURIComponent, with a lone surrogate sent as its (invalid) UTF-8 bytes instead of throwing. */
export function encodeSegment(value: string): string {
  return value
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((piece) => {
      if (piece.length !== 1 || !/[\ud800-\udfff]/.test(piece)) return encodeURIComponent(piece);
      const unit = piece.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeSegment(values[name] ?? '1'));
}

export interface Answer {
  status: number;
  body: any;
}

/** One HTTP request with a hang detector (a request that never answers fails the suite). */
export async function send(
  apiOrigin: string,
  req: { method: string; url: string; token?: string; body?: unknown; rawBody?: string | Buffer; contentType?: string; form?: FormData },
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  let body: BodyInit | undefined;
  if (req.form) body = req.form;
  else if (req.rawBody !== undefined) {
    body = typeof req.rawBody === 'string' ? req.rawBody : new Uint8Array(req.rawBody);
    headers['content-type'] = req.contentType ?? 'application/json';
  } else if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const method = req.method;
  const res = await fetch(`${apiOrigin}${req.url}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    // Not a performance threshold: a request unanswered this long is a hang, which the issue forbids.
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** A fingerprint of every row of a company in every table with a company_id column. */
export async function companyFingerprint(k: TestKernel, companyId: number): Promise<Record<string, string>> {
  const { rows: tables } = await k.db.raw(
    `select c.table_name as name from information_schema.columns c
       join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.column_name = 'company_id' and c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables as { name: string }[]) {
    const { rows } = await k.db.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ?? t where company_id = ?`, [name, companyId]);
    out[name] = `${rows[0].n}:${rows[0].h}`;
  }
  // Company and user rows themselves.
  const { rows } = await k.db.raw(`select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from companies t where id = ?`, [companyId]);
  out.companies = rows[0].h;
  return out;
}
