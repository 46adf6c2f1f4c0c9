import { storageFolder } from '@guiche/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyFingerprint,
  createWorld,
  fillPath,
  NON_RECORD_PARAMS,
  resourceOfParam,
  send,
  type Answer,
  type JsonSchema,
  type OpenApiOperation,
  type Tenant,
  type World,
} from './fuzz-support/world.js';

/**
 * Issue 17, tenant matrix: for every operation of the OpenAPI document that names a record (path
 * parameter, or an id in the body or query), company B's admin and plain user, given company A's
 * ids and uuids, are refused (403/404; 400 for a reference in a body) and change nothing of A's —
 * no row of any table with a company_id, no answer carrying A's data (a list filtered by A's ids
 * may answer 2xx, finding nothing). A plain user is refused on
 * the admin-only operations. Operations join from the document; a path parameter this file does
 * not know fails with a message naming it (add it to PATH_PARAM_RESOURCES in fuzz-support/world.ts).
 *
 * Exceptions ("METHOD /path" → reason) — there should be almost none:
 */
const ANSWERS_2XX_OK: Record<string, string> = {
  'POST /api/tickets/closeAll': "closes only the caller's company's tickets in those queues; A's queue ids select nothing",
};

/**
 * Operations authenticated by something other than a user's session, where any user token is
 * refused before a record is read ("METHOD /path" → what authenticates it and where that is tested).
 */
const NOT_USER_AUTHENTICATED: Record<string, string> = {
  'POST /api/messages/send': "a connection's API token (plugins/external-api/test/send.test.ts: another company's token, revoked tokens)",
  'POST /api/subscription/webhook/asaas': "the provider's asaas-access-token header (core/test/billing-payment.test.ts: forged and missing tokens)",
};

/**
 * Bodies the schema-driven example cannot build (rules checked across fields or in the handler), so
 * that the request is valid but for the company its records belong to: a refusal must come from the
 * lookup, not from validation.
 */
const VALID_BODIES: Record<string, (owner: Tenant) => unknown> = {
  'PUT /api/schedules/{id}': (o) => ({ body: 'Mensagem agendada', contactId: o.ids.contact, sendAt: new Date(Date.now() + 86_400_000).toISOString() }),
  'PUT /api/campaigns/{id}': (o) => ({ name: 'Campanha', whatsappId: String(o.ids.connection), contactListId: o.ids.contactList }),
  'PUT /api/queueIntegration/{id}': () => ({ type: 'webhook', name: 'Gancho novo', urlN8N: 'https://hook.invalid/' }),
  'PUT /api/prompt/{id}': (o) => ({ name: 'Prompt novo', queueId: o.ids.queue }),
  'PUT /api/sla-targets/{id}': (o) => ({ queueId: o.ids.queue, firstResponseMinutes: 5 }),
  'PUT /api/plantao/{id}': (o) => ({ userId: o.ids.user, phone: '5511988887777', interval: 1, days: [{ weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }] }),
  'PUT /api/whatsappapi/{id}/credentials': () => ({ phoneNumberId: '1234567890', wabaId: '9876543210', accessToken: 'token-de-teste', appSecret: 'segredo-de-teste' }),
  'POST /api/whatsappapi/tickets/{ticketId}/template': () => ({ name: 'hello_world', language: 'pt_BR', parameters: [] }),
};

/**
 * Operations whose path names the caller's own record and whose body points it at another one the
 * schema-driven example cannot tell (its property name is shared with other records): field →
 * the record kind. B's record pointed at A's is refused (400/403/404) and B's record stays as it was.
 */
const BODY_REFERENCES: Record<string, Record<string, string>> = {
  'PUT /api/tickets/{id}': { integrationId: 'queueIntegration', promptId: 'prompt' },
  'PUT /api/queue/{id}': { integrationId: 'queueIntegration', promptId: 'prompt' },
  'PUT /api/whatsapp/{id}': { integrationId: 'queueIntegration', promptId: 'prompt' },
};

/** Admin-only operations (account-admin.md, inbox.md); super-only ones are also refused to admins. */
const ADMIN_ONLY = [
  'POST /api/queue', 'PUT /api/queue/{id}', 'DELETE /api/queue/{id}',
  'GET /api/settings', 'PUT /api/settings/{key}',
  'POST /api/users', 'DELETE /api/users/{id}',
  'DELETE /api/contacts/{id}', 'DELETE /api/tickets/{id}', 'POST /api/tickets/closeAll',
  'GET /api/webchat/sites/{whatsappId}', 'PUT /api/webchat/sites/{whatsappId}',
  'POST /api/queueIntegration', 'PUT /api/queueIntegration/{id}', 'DELETE /api/queueIntegration/{id}', 'POST /api/queueIntegration/testSession', 'POST /api/queueIntegration/testsession', 'POST /api/queueIntegration/{id}/secret',
  'POST /api/prompt', 'PUT /api/prompt/{id}', 'DELETE /api/prompt/{id}',
  'GET /api/sla-targets', 'POST /api/sla-targets', 'PUT /api/sla-targets/{id}', 'DELETE /api/sla-targets/{id}',
  'GET /api/birthdays/templates', 'PUT /api/birthdays/templates/{whatsappId}', 'DELETE /api/birthdays/templates/{whatsappId}',
  'GET /api/transcription-queues', 'PUT /api/transcription-queues/{queueId}',
  'POST /api/flowbuilder/{id}/media', 'POST /api/whatsappapi/{id}/templates/sync',
];
const SUPER_ONLY = [
  'GET /api/companies/list', 'GET /api/companies/{id}', 'PUT /api/companies/{id}',
  'GET /api/companiesPlan/', 'GET /api/companies', 'GET /api/companies/listPlan/{companyId}', 'POST /api/companies', 'DELETE /api/companies/{id}',
  'POST /api/helps', 'PUT /api/helps/{id}', 'DELETE /api/helps/{id}',
  'POST /api/announcements', 'GET /api/announcements/{id}', 'PUT /api/announcements/{id}', 'DELETE /api/announcements/{id}',
  'POST /api/announcements/{id}/media-upload', 'DELETE /api/announcements/{id}/media-upload',
  'GET /api/plans/list', 'GET /api/plans/all', 'GET /api/plans/{id}', 'PUT /api/plans/{id}', 'DELETE /api/plans/{id}', 'POST /api/plans',
  'GET /api/plans/flags',
];

let w: World;
beforeAll(async () => {
  w = await createWorld();
}, 120_000);
afterAll(async () => w?.k.close());

const ID_PROPERTY: Record<string, string> = {
  contactId: 'contact', ticketId: 'ticket', queueId: 'queue', userId: 'user', whatsappId: 'connection', tagId: 'tag', categoryId: 'quickMessage',
  messageId: 'message', quotedMsgId: 'message', integrationId: 'queueIntegration', promptId: 'prompt', sendIdQueue: 'queue', planId: 'plan',
  contactListId: 'contactList', tagListId: 'tag', ownerUserId: 'user',
  queueIds: 'queue', userIds: 'user', tags: 'tag', users: 'user', whatsappIds: 'connection', whatsapps: 'connection', id: 'message',
};

/** A value the schema accepts, with tenant ids where a property names a record. */
function example(schema: JsonSchema | undefined, name: string, owner: Tenant): unknown {
  if (!schema) return undefined;
  const ref = ID_PROPERTY[name];
  const branches: JsonSchema[] = schema.anyOf ?? schema.oneOf ?? [];
  if (branches.length) {
    const pick = branches.find((b) => b.type === 'integer') ?? branches.find((b) => b.type === 'array') ?? branches.find((b) => b.type !== 'null') ?? branches[0];
    return example({ ...pick, nullable: undefined }, name, owner);
  }
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'integer':
    case 'number':
      if (ref) return owner.ids[ref];
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array': {
      if (ref) return name === 'users' && schema.items?.type === 'object' ? [{ id: owner.ids[ref] }] : [owner.ids[ref]];
      const min = schema.minItems ?? 0;
      return Array.from({ length: min }, () => example(schema.items, name, owner));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [prop, sub] of Object.entries<JsonSchema>(schema.properties ?? {})) {
        const required = (schema.required ?? []).includes(prop);
        if (required || ID_PROPERTY[prop]) {
          const value = example(sub, prop, owner);
          if (value !== undefined) out[prop] = value;
        }
      }
      return out;
    }
    case 'string': {
      if (name === 'number') return '+55 11 98765-4321';
      if (schema.format === 'email' || name === 'email') return `fuzz${Date.now()}${Math.round(Math.random() * 1e6)}@example.com`;
      const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s: JsonSchema) => s.pattern)].filter(Boolean).join(' ');
      if (/\[0-9a-f\]\{8\}/.test(patterns) && ref) return owner.ids[`${ref}Uuid`];
      if (/:\[0-5\]/.test(patterns)) return '08:00';
      if (/#/.test(patterns)) return '#123456';
      if (/\\d\{4\}-\\d\{2\}/.test(patterns)) return '2025-01-15';
      if (/\[a-z\].*\[A-Z\]|\[A-Z\]/.test(patterns)) return 'Senha1234abc';
      const min = Math.max(schema.minLength ?? 0, 3);
      return 'Valor teste'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(schema.maxLength ?? 11, 11)));
    }
    default:
      return undefined;
  }
}

function pathValues(op: OpenApiOperation, owner: Tenant): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const p of (op.operation.parameters ?? []).filter((x) => x.in === 'path')) {
    if (NON_RECORD_PARAMS[op.path]?.includes(p.name)) {
      out[p.name] = p.name === 'token' ? String(owner.ids.webchatToken) : p.name === 'key' ? 'userRating' : String(owner.ids.contact);
      continue;
    }
    const resource = resourceOfParam(op.path, p.name);
    if (!resource) return `${op.method} ${op.path}: path parameter "${p.name}" names no known record — add it to PATH_PARAM_RESOURCES (fuzz-support/world.ts)`;
    out[p.name] = String(owner.ids[resource]);
  }
  return out;
}

function queryOf(op: OpenApiOperation, owner: Tenant): string {
  const search = new URLSearchParams();
  for (const p of (op.operation.parameters ?? []).filter((x) => x.in === 'query')) {
    const ref = ID_PROPERTY[p.name] ?? (p.name === 'companyId' ? 'company' : undefined);
    if (!ref) continue;
    const value = owner.ids[ref];
    const isList = /\[/.test(JSON.stringify(p.schema ?? {})) || ['queueIds', 'tags', 'users', 'whatsapps', 'whatsappIds', 'userFilter', 'contactTag'].includes(p.name);
    search.set(p.name, isList && p.name !== 'ticketId' ? JSON.stringify([value]) : String(value));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

function refersToRecord(op: OpenApiOperation): boolean {
  const params = op.operation.parameters ?? [];
  if (params.some((p) => p.in === 'path' && !NON_RECORD_PARAMS[op.path]?.includes(p.name))) return true;
  if (params.some((p) => p.in === 'query' && (ID_PROPERTY[p.name] || p.name === 'companyId'))) return true;
  const body = op.operation.requestBody?.content?.['application/json']?.schema;
  return JSON.stringify(body?.properties ? Object.keys(body.properties) : []).match(/Id"|Ids"|"tags"|"users"|"id"/) !== null;
}

async function tenantFiles(companyId: number): Promise<string[]> {
  const fs = await import('node:fs');
  const root = storageFolder(w.k);
  const folder = `${root}/company${companyId}`;
  return fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).map(String).sort() : [];
}

function leaks(answer: Answer, victim: Tenant): boolean {
  return JSON.stringify(answer.body ?? '').includes(victim.marker);
}

describe('tenant matrix', () => {
  it("company B's admin and plain user on company A's records are refused and change nothing", async () => {
    const { a, b } = w;
    const failures: string[] = [];
    let checked = 0;
    for (const op of w.operations) {
      // The widget's public routes are authenticated by a connection token (plugins/channel-webchat tests); its site settings are not.
      if (!refersToRecord(op) || /^\/api\/webchat\/(?!sites\/)/.test(op.path)) continue;
      const key = `${op.method} ${op.path}`;
      const values = pathValues(op, a);
      if (typeof values === 'string') {
        failures.push(values);
        continue;
      }
      const hasPathRecord = (op.operation.parameters ?? []).some((p) => p.in === 'path' && !NON_RECORD_PARAMS[op.path]?.includes(p.name));
      const url = fillPath(op.path, values).replace(/^\/api/, '') + queryOf(op, a);
      const schema = op.operation.requestBody?.content?.['application/json']?.schema;
      for (const caller of [b.admin, b.user]) {
        const before = await companyFingerprint(w.k, a.company.id);
        const filesBefore = await tenantFiles(a.company.id);
        // The path names A's record and the body the caller's own; without a path record, the body names A's.
        const bodyOwner = hasPathRecord ? b : a;
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : (VALID_BODIES[key]?.(bodyOwner) ?? example(schema, '', bodyOwner) ?? {});
        const answer = await send(w.k.apiUrl, { method: op.method, url, token: caller.token, body });
        checked++;
        const who = caller === b.admin ? 'B admin' : 'B user';
        const allowed = NOT_USER_AUTHENTICATED[key] ? [401] : hasPathRecord ? [403, 404] : [400, 403, 404];
        // A list filtered by another company's ids may answer 2xx: it finds nothing (the leak check below holds it).
        const filterOnly = op.method === 'GET' && !hasPathRecord;
        if (!allowed.includes(answer.status) && !(answer.status < 300 && (ANSWERS_2XX_OK[key] || filterOnly))) {
          failures.push(`${key} as ${who} with A's ids (${url} ${JSON.stringify(body)}): ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        }
        if (leaks(answer, a)) failures.push(`${key} as ${who}: the answer carries company A's data`);
        const after = await companyFingerprint(w.k, a.company.id);
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length) failures.push(`${key} as ${who}: changed company A's ${changed.join(', ')}`);
        if (JSON.stringify(await tenantFiles(a.company.id)) !== JSON.stringify(filesBefore)) failures.push(`${key} as ${who}: changed company A's files`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 300_000);

  it('a plain user is refused on admin-only operations, an admin on super-only ones, and nothing changes', async () => {
    const { a } = w;
    const documented = new Set(w.operations.map((op) => `${op.method} ${op.path}`));
    const failures: string[] = [];
    for (const [list, caller, label] of [
      [ADMIN_ONLY, a.user, 'plain user'],
      [SUPER_ONLY, a.user, 'plain user'],
      [SUPER_ONLY, a.admin, 'admin'],
    ] as const) {
      for (const key of list) {
        if (!documented.has(key)) {
          failures.push(`${key} is listed as restricted but is not in the OpenAPI document`);
          continue;
        }
        const op = w.operations.find((o) => `${o.method} ${o.path}` === key)!;
        const values = pathValues(op, a);
        if (typeof values === 'string') {
          failures.push(values);
          continue;
        }
        const schema = op.operation.requestBody?.content?.['application/json']?.schema;
        const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : (example(schema, '', a) ?? {});
        const before = await companyFingerprint(w.k, a.company.id);
        const answer = await send(w.k.apiUrl, { method: op.method, url: fillPath(op.path, values).replace(/^\/api/, ''), token: caller.token, body });
        if (answer.status !== 403) failures.push(`${key} as ${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        const after = await companyFingerprint(w.k, a.company.id);
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length) failures.push(`${key} as ${label}: changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("a company's own record pointed at another company's record is refused and stays as it was", async () => {
    const { a, b } = w;
    const failures: string[] = [];
    for (const [key, fields] of Object.entries(BODY_REFERENCES)) {
      const op = w.operations.find((o) => `${o.method} ${o.path}` === key);
      if (!op) {
        failures.push(`${key} is listed in BODY_REFERENCES but is not in the OpenAPI document`);
        continue;
      }
      const values = pathValues(op, b);
      if (typeof values === 'string') {
        failures.push(values);
        continue;
      }
      const url = fillPath(op.path, values).replace(/^\/api/, '');
      for (const [field, resource] of Object.entries(fields)) {
        const before = await companyFingerprint(w.k, b.company.id);
        const answer = await send(w.k.apiUrl, { method: op.method, url, token: b.admin.token, body: { [field]: a.ids[resource] } });
        if (![400, 403, 404].includes(answer.status)) failures.push(`${key} ${field} = A's ${resource}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        if (leaks(answer, a)) failures.push(`${key} ${field}: the answer carries company A's data`);
        const after = await companyFingerprint(w.k, b.company.id);
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        if (changed.length) failures.push(`${key} ${field} = A's ${resource}: changed company B's ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
