import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_INT_MAX } from '@guiche/contracts';
import { createWorld, type JsonSchema, type World } from './fuzz-support/world.js';

/**
 * Issue 17: every route schema is built from the contract primitives, which this checks on the
 * OpenAPI document the kernel serves (core and every first-party plugin):
 * - every route under the API base is in the document (a route without it escapes the fuzz suite);
 * - every string has a maxLength, and a pattern or enum/format (text() carries the storable-text
 *   pattern that refuses NUL and lone surrogates);
 * - every integer/number has a maximum within PostgreSQL's integer range (ids come from `id`);
 * - every array has maxItems; every path parameter is declared.
 * Exceptions are listed in EXCEPTIONS with the reason (there should be almost none).
 */

/** "METHOD /path" → reason. Keep this empty unless a route really cannot be described. */
const EXCEPTIONS: Record<string, string> = {};

/** Routes outside the document on purpose: the documents themselves and their UI. */
const UNDOCUMENTED = [/^\/api\/docs(\/|$)/, /^\/api\/messages-api\/openapi\.json$/];

let w: World;
beforeAll(async () => {
  w = await createWorld();
}, 120_000);
afterAll(async () => w?.k.close());

function problems(schema: JsonSchema | undefined, at: string, out: string[], inherited = false): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema.$ref) return;
  for (const key of ['anyOf', 'oneOf']) for (const sub of schema[key] ?? []) problems(sub, at, out, inherited);
  // allOf members refine the parent (extra patterns): the parent carries the bounds.
  for (const sub of schema.allOf ?? []) problems(sub, at, out, true);
  if (inherited) return;
  const type = schema.type;
  const closed = schema.enum !== undefined || schema.const !== undefined;
  if (type === 'string' && !closed) {
    if (schema.maxLength === undefined) out.push(`${at}: string without maxLength (use text(max) or a bounded primitive)`);
    const patterned = schema.pattern !== undefined || (schema.allOf ?? []).some((s: JsonSchema) => s.pattern !== undefined) || schema.format !== undefined;
    if (!patterned) out.push(`${at}: string without pattern/format (text() refuses NUL and lone surrogates)`);
  }
  if ((type === 'integer' || type === 'number') && !closed) {
    const max = schema.maximum ?? schema.exclusiveMaximum;
    if (max === undefined) out.push(`${at}: ${type} without maximum`);
    else if (type === 'integer' && max > PG_INT_MAX) out.push(`${at}: integer maximum ${max} beyond PostgreSQL integer (use id / int(min, max))`);
  }
  if (type === 'array') {
    if (schema.maxItems === undefined) out.push(`${at}: array without maxItems (use ids(max))`);
    problems(schema.items, `${at}[]`, out);
  }
  for (const [name, sub] of Object.entries<JsonSchema>(schema.properties ?? {})) problems(sub, `${at}.${name}`, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') problems(schema.additionalProperties, `${at}.*`, out);
}

describe('route schemas (OpenAPI document)', () => {
  it('every route under the API base is in the document', () => {
    const documented = new Set(w.operations.map((op) => `${op.method} ${op.path}`));
    const missing = w.k.kernel.app.routeCatalog
      .filter((r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method))
      .filter((r) => !UNDOCUMENTED.some((re) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((key) => !documented.has(key) && !EXCEPTIONS[key]);
    expect(missing, 'routes missing from the OpenAPI document (hide: true keeps a route out of the fuzz suite)').toEqual([]);
    expect(w.operations.length).toBeGreaterThan(100);
  });

  it('ids, numbers, strings and arrays of every operation are bounded', () => {
    const found: string[] = [];
    for (const op of w.operations) {
      const key = `${op.method} ${op.path}`;
      if (EXCEPTIONS[key]) continue;
      const out: string[] = [];
      const params = op.operation.parameters ?? [];
      for (const p of params) problems(p.schema, `${p.in}:${p.name}`, out);
      for (const [type, content] of Object.entries(op.operation.requestBody?.content ?? {})) problems(content.schema, `body(${type})`, out);
      const declared = new Set(params.filter((p) => p.in === 'path').map((p) => p.name));
      for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) if (!declared.has(name!)) out.push(`path:${name} not declared in schema.params`);
      found.push(...out.map((o) => `${key} ${o}`));
    }
    expect(found).toEqual([]);
  });
});
