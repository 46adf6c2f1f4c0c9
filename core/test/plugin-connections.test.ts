import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type PluginContext } from '@guiche/core';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
let ctx: PluginContext;
let a: number;
let b: number;
const ids: Record<string, number> = {};
let seq = 0;

async function connection(companyId: number, name: string, fields: Record<string, unknown> = {}): Promise<number> {
  const [row] = await k.db('whatsapps').insert({ companyId, name, channel: 'whatsapp', token: `conn-svc-${++seq}-${Date.now()}`, ...fields }).returning('id');
  return row.id;
}

beforeAll(async () => {
  const capture = definePlugin({ id: 'capture-connections', kind: 'module', planFlag: null, register: (c) => void (ctx = c) });
  k = await createTestKernel({ plugins: [capture], redis: false });
  a = (await k.createCompany()).company.id;
  b = (await k.createCompany()).company.id;
  ids.a1 = await connection(a, 'A one', { isDefault: true, status: 'CONNECTED' });
  ids.a2 = await connection(a, 'A two', { channel: 'webchat' });
  ids.b1 = await connection(b, 'B one', { token: 'conn-svc-token-of-b' });
});
afterAll(() => k?.close());

describe('ctx.connections (the SDK instead of the whatsapps table)', () => {
  it("finds a company's own connection and never another company's", async () => {
    expect(await ctx.connections.find(a, ids.a1)).toEqual({ id: ids.a1, companyId: a, name: 'A one', channel: 'whatsapp', status: 'CONNECTED', isDefault: true });
    expect(await ctx.connections.find(a, ids.b1)).toBeNull();
    expect(await ctx.connections.find(b, ids.a1)).toBeNull();
  });

  it('lists the asked ids of the company only, in id order, and nothing for no ids', async () => {
    expect((await ctx.connections.findMany(a, [ids.b1, ids.a2, ids.a1])).map((c) => c.id)).toEqual([ids.a1, ids.a2]);
    expect(await ctx.connections.findMany(a, [])).toEqual([]);
  });

  it('answers the default connection, null for a company without one, and the connection of a token', async () => {
    expect((await ctx.connections.defaultOf(a))?.id).toBe(ids.a1);
    expect(await ctx.connections.defaultOf(b)).toBeNull();
    expect((await ctx.connections.byToken('conn-svc-token-of-b'))?.id).toBe(ids.b1);
    expect(await ctx.connections.byToken('no-such-token')).toBeNull();
  });

  it("reads inside the caller's transaction (what a timed job passes)", async () => {
    const trx = await k.db.transaction();
    try {
      const [row] = await trx('whatsapps').insert({ companyId: b, name: 'B new', token: `conn-svc-trx-${Date.now()}`, isDefault: true }).returning('id');
      expect((await ctx.connections.defaultOf(b, { trx }))?.id).toBe(row.id);
      expect((await ctx.connections.find(b, row.id, { trx }))?.name).toBe('B new');
    } finally {
      await trx.rollback();
    }
    expect(await ctx.connections.defaultOf(b)).toBeNull();
  });

  it("starts a company's own connection again (OPENING, core.connection.start), never another company's", async () => {
    const started: unknown[] = [];
    const stop = ctx.bus.subscribe('core.connection.start', (msg) => void started.push(msg.payload));
    await k.db('whatsapps').where({ id: ids.a2 }).update({ status: 'DISCONNECTED' });
    try {
      expect(await ctx.connections.start(b, ids.a2)).toBe(false);
      expect((await k.db('whatsapps').where({ id: ids.a2 }).first('status')).status).toBe('DISCONNECTED');
      expect(await ctx.connections.start(a, ids.a2)).toBe(true);
      expect((await k.db('whatsapps').where({ id: ids.a2 }).first('status')).status).toBe('OPENING');
      await expect.poll(() => started).toContainEqual({ companyId: a, connectionId: ids.a2 });
      expect(started).not.toContainEqual(expect.objectContaining({ companyId: b }));
    } finally {
      stop();
    }
  });
});
