import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@guiche/contracts';
import { createWorld, encodeSegment, fillPath, send, type JsonSchema, type OpenApiOperation, type Tenant, type World } from './fuzz-support/world.js';

/**
 * Issue 17: every operation of the OpenAPI document (core and every first-party plugin, read at
 * run time, so new routes join by themselves) gets generated malformed input — hostile numbers,
 * NUL / lone surrogates / bidi characters, huge strings, wrong types, nested junk, bad JSON, bad
 * multipart — and must answer with a 4xx carrying a known code (or a 2xx), never a 5xx, never
 * hang, never a database refusal the schemas let through; the server stays healthy after.
 *
 * Deterministic: FUZZ_SEED (default 17) and FUZZ_RUNS per operation (default 8, kept small so the
 * file runs in about a minute on a 2-core machine). `npm run test:fuzz` runs it longer.
 * Exceptions: add "METHOD /path" with the reason to SKIP (there should be none).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 17);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SKIP: Record<string, string> = {};

let w: World;
/** The tenant the fuzz hits: its records may be changed or deleted by generated requests. */
let f: Tenant;
beforeAll(async () => {
  w = await createWorld();
  f = w.a;
}, 120_000);
afterAll(async () => w?.k.close());

// ——— hostile values ———

const hostileStrings = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u202eevil', '\u200b', '😀'.repeat(3), '0', '-1', '1.5', '1e3', '0x10', ' 1',
  '2147483647', '2147483648', '-2147483649', '9007199254740993', '99999999999999999999', 'NaN', 'Infinity', 'true', 'null', 'undefined',
  '2024-02-31', '0000-00-00', '9999-99-99T99:99:99.999999Z_1', '2024-01-01T10:00:00.000000Z_2147483648', '24:61', '#zzzzzz',
  '../../etc/passwd', '/public/company1/../company2/x', '%2e%2e%2f', '%00', '[2147483648]', '[null,0,-1]', '["\\u0000"]', '[[[[]]]]', '{}', '[]',
  "' or 1=1 --", '<script>alert(1)</script>', '00000000-0000-0000-0000-000000000000', 'x'.repeat(256), 'y'.repeat(70_000),
];
const hostileNumbers = [0, -1, 1, 1.5, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1e308, 3.4e38];

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...hostileNumbers, true, false, null) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
);
const { value: hostile } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('id', 'name', '__proto__', 'constructor', 'x'), tie('value'), { maxKeys: 3 }),
  ),
}));

/** A body shaped like the schema (its property names), each property hostile or left out. */
function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const names = Object.keys(schema?.properties ?? {});
  if (names.length === 0) return hostile;
  return fc.record(Object.fromEntries(names.map((n) => [n, hostile])), { requiredKeys: [] });
}

type Req = { method: string; url: string; token?: string; body?: unknown; rawBody?: string | Buffer; contentType?: string; form?: FormData };

const BOUNDARY = 'FuZzB0undary';
const formType = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (name: string, filename: string | null, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\nContent-Type: application/octet-stream\r\n\r\n${value}\r\n`;

/** Broken forms every operation with a body gets on its real path, whatever the seed. */
const BROKEN_FORMS: Partial<Req>[] = [
  { rawBody: 'no boundary here', contentType: 'multipart/form-data' },
  { rawBody: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated`, contentType: formType },
  { rawBody: `--${BOUNDARY}\r\nbroken header line\r\n\r\nx\r\n--${BOUNDARY}--\r\n`, contentType: formType },
  { rawBody: `${part('medias', 'a\u0000.png', 'x')}${part('file', `${'n'.repeat(300)}.png`, 'x')}${part('body', null, 'a\u0000b')}--${BOUNDARY}--\r\n`, contentType: formType },
  { rawBody: Array.from({ length: 300 }, (_, i) => part(`f${i}`, null, 'x')).join('') + `--${BOUNDARY}--\r\n`, contentType: formType },
];

/** Broken bodies every operation with a body gets on its real path. */
const BROKEN_BODIES: Partial<Req>[] = [
  { rawBody: '{"a":', contentType: 'application/json' },
  { rawBody: '"\\ud800"', contentType: 'application/json' },
  { rawBody: '['.repeat(5000) + ']'.repeat(5000), contentType: 'application/json' },
  { rawBody: Buffer.alloc(3 * 1024 * 1024, 97), contentType: 'application/json' },
];

function multipartJunk(): fc.Arbitrary<Partial<Req>> {
  return fc.oneof(
    fc.constantFrom(...BROKEN_FORMS),
    fc
      .tuple(fc.constantFrom('body', 'medias', 'file', 'message', 'mediaTitle', 'clientId', 'visitorId', 'x'), fc.constantFrom(...hostileStrings), fc.constantFrom(null, 'a.png', 'a\u0000.png', `${'n'.repeat(300)}.pdf`, '../../x.txt', '\u202egnp.exe'))
      .map(([name, value, filename]) => ({ rawBody: `${part(name, filename, value)}--${BOUNDARY}--\r\n`, contentType: formType })),
  );
}

const rawJunk: fc.Arbitrary<Partial<Req>> = fc.oneof(
  fc.constantFrom(...BROKEN_BODIES),
  fc.constantFrom('{', '[', 'nul', '{"__proto__":{"x":1}}', '[1,2,', '\u0000', '{"id":2147483648}').map((rawBody) => ({ rawBody, contentType: 'application/json' })),
  fc.constant({ rawBody: 'x=1&y=2', contentType: 'application/x-www-form-urlencoded' }),
  fc.constant({ rawBody: 'plain', contentType: 'text/plain' }),
);

function pathValue(): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hostileStrings.filter((s) => s.length < 1000)) }, { weight: 1, arbitrary: fc.integer().map(String) });
}

function requestFor(op: OpenApiOperation): fc.Arbitrary<Req> {
  const params = op.operation.parameters ?? [];
  const pathNames = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = params.filter((p) => p.in === 'query').map((p) => p.name);
  const jsonSchema = op.operation.requestBody?.content?.['application/json']?.schema;
  const realPath = Object.fromEntries(pathNames.map((n) => [n, String(f.ids[realResource(op.path, n)] ?? 1)]));
  const path = fc.oneof(
    { weight: 3, arbitrary: fc.constant(realPath) },
    { weight: 2, arbitrary: fc.record(Object.fromEntries(pathNames.map((n) => [n, pathValue()]))) },
  );
  const query = fc.dictionary(
    queryNames.length ? fc.constantFrom(...queryNames) : fc.constantFrom('x'),
    fc.oneof(fc.constantFrom(...hostileStrings.filter((s) => s.length < 1000)), fc.array(fc.constantFrom('1', '2147483648', '\u0000'), { maxLength: 3 })),
    { maxKeys: 3 },
  );
  const who = fc.constantFrom<'admin' | 'user' | 'super' | 'none'>('admin', 'admin', 'user', 'super', 'none');
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const body: fc.Arbitrary<Partial<Req>> = hasBody
    ? fc.oneof({ weight: 4, arbitrary: bodyFor(jsonSchema).map((b) => ({ body: b })) }, { weight: 1, arbitrary: rawJunk }, { weight: 2, arbitrary: multipartJunk() })
    : fc.constant({});
  return fc.tuple(path, query, who, body).map(([p, q, as, b]) => {
    const pairs: string[] = [];
    for (const [key, value] of Object.entries(q)) for (const v of Array.isArray(value) ? value : [value]) pairs.push(`${encodeSegment(key)}=${encodeSegment(v)}`);
    const qs = pairs.join('&');
    return { method: op.method, url: fillPath(op.path, p as Record<string, string>).replace(/^\/api/, '') + (qs ? `?${qs}` : ''), token: as, ...b } as Req;
  });
}

/** Fixed cases every operation with a body gets on its real path, whatever the seed: each kind of broken form and body. */
function fixedCases(op: OpenApiOperation): Req[] {
  if (op.method === 'GET' || op.method === 'DELETE') return [];
  const pathNames = (op.operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const url = fillPath(op.path, Object.fromEntries(pathNames.map((n) => [n, String(f.ids[realResource(op.path, n)] ?? 1)]))).replace(/^\/api/, '');
  return [...BROKEN_FORMS, ...BROKEN_BODIES].map((b) => ({ method: op.method, url, token: 'admin', ...b }));
}

function realResource(path: string, param: string): string {
  if (param === 'uuid') return 'ticketUuid';
  if (param === 'token') return 'webchatToken';
  if (/^\/api\/(messages|tickets|ticket-tags)/.test(path) && param === 'ticketId') return 'ticket';
  const prefix = path.split('/')[2] ?? '';
  const byPrefix: Record<string, string> = {
    tickets: 'ticket', 'tickets-log': 'ticket', messages: 'message', 'ticket-notes': 'note', 'ticket-tags': 'tag', 'quick-messages': 'quickMessage',
    closedimported: 'connection', plans: 'plan', users: 'user', companies: 'company', queue: 'queue', whatsapp: 'connection', whatsappsession: 'connection',
    contacts: 'contact', contactTags: 'contact', tags: 'tag', chats: 'chat',
  };
  return byPrefix[prefix] ?? 'none';
}

const tokens = new Map<string, string>();

/**
 * Tokens signed from the current rows, re-signed after a 401 so that a password change, a
 * deletion or a switched-off company caused by a generated request does not end the run's depth.
 */
async function tokenOf(as: string | undefined, refresh = false): Promise<string | undefined> {
  const { k } = w;
  if (as === 'none' || !as) return undefined;
  if (as === 'super') return k.superToken;
  const cached = tokens.get(as);
  if (cached && !refresh) return cached;
  await k.db('companies').where({ id: f.company.id }).update({ status: true });
  const id = as === 'admin' ? f.admin.user.id : f.user.user.id;
  let row = await k.db('users').where({ id }).first();
  if (!row) {
    const again = await k.createUser(f.company.id, { profile: as === 'admin' ? 'admin' : 'user' });
    if (as === 'admin') f.admin = again;
    else f.user = again;
    row = await k.db('users').where({ id: again.user.id }).first();
  }
  await k.kernel.core.tokens.changed({ companyId: f.company.id });
  const token = k.kernel.core.signAccessToken(row);
  tokens.set(as, token);
  return token;
}

const codes = new Set<string>(ErrorCodes);

describe('fuzz: malformed input on every operation', () => {
  it('never answers 5xx, never hangs, never lets the database refuse input, stays healthy', async () => {
    const failures: string[] = [];
    const origin = w.k.apiUrl;
    let sent = 0;
    for (const op of w.operations) {
      const key = `${op.method} ${op.path}`;
      if (SKIP[key]) continue;
      const before = w.k.kernel.app.schemaGaps.length;
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (req) => {
          const token = await tokenOf(req.token);
          let answer;
          try {
            answer = await send(origin, { ...req, token });
          } catch (err) {
            failures.push(`${key} ${req.url}: no answer (${(err as Error).message})`);
            return true;
          }
          sent++;
          if (answer.status === 401 && token) await tokenOf(req.token, true);
          if (answer.status >= 500) failures.push(`${key} ${req.url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)} for ${JSON.stringify(req.body ?? req.rawBody?.toString().slice(0, 200))}`);
          else if (answer.status >= 400 && answer.body && typeof answer.body === 'object' && !codes.has(answer.body.error)) {
            failures.push(`${key} ${req.url}: ${answer.status} without a known error code: ${JSON.stringify(answer.body).slice(0, 200)}`);
          }
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, examples: fixedCases(op).map((req) => [req] as [Req]) },
      );
      for (const gap of w.k.kernel.app.schemaGaps.slice(before)) failures.push(`${key}: database refused input (${gap.code} ${gap.message}) — fix the route schema`);
      w.k.kernel.app.schemaGaps.length = 0;
    }
    console.info(`fuzz: ${sent} requests over ${w.operations.length} operations (seed ${SEED}, ${RUNS} generated per operation)`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(w.operations.length * RUNS);
    expect(sent).toBeLessThan(w.operations.length * (RUNS + 20));

    // Healthy after: the API answers, the database and a fresh session work.
    expect((await send(origin, { method: 'GET', url: '/version' })).status).toBe(200);
    const admin = await w.k.createCompany();
    expect((await send(origin, { method: 'GET', url: '/auth/me', token: admin.admin.token })).status).toBe(200);
    expect((await send(origin, { method: 'GET', url: '/tickets', token: admin.admin.token })).status).toBe(200);
  }, 600_000);
});
