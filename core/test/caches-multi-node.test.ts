import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';

/**
 * The per-process caches of company settings and of the connection rows ingest reads: two API
 * nodes on one PostgreSQL and one Redis; a write through either node is seen by both.
 */
let nodeA: TestKernel;
let nodeB: Kernel;
let seq = 0;
const scope = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  nodeA = await createTestKernel();
  const { config } = nodeA.kernel.core;
  nodeB = await createKernel(loadConfig({}, { ...config, PORT: 0 }), { plugins: [] });
  for (const db of [nodeA.kernel.core.db, nodeB.core.db]) db.on('query', (query: { sql: string }) => scope.getStore()?.push(query.sql));
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
});

/** What `run` asked the database, attributed through AsyncLocalStorage (the session sweep is not counted). */
async function queriesDuring<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const result = await scope.run(sql, run);
  return { result, sql };
}

async function connection(companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await nodeA.db('whatsapps').insert({ companyId, name: `Line ${++seq}`, channel: 'whatsapp', token, ...fields }).returning('id');
  return row.id;
}

function groupMessage(): NormalizedMessage {
  const id = `1203630${++seq}${randomBytes(3).toString('hex')}@g.us`;
  return { wid: `G-${seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id, number: id, name: 'Grupo', isGroup: true }, body: 'oi', mediaType: 'chat' };
}

describe('settings cache', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await nodeA.createCompany();
  });

  it('reads a company’s settings once, then from memory', async () => {
    await nodeB.core.settings.get(c.company.id, 'userRating');
    const { result, sql } = await queriesDuring(() => nodeB.core.settings.get(c.company.id, 'lgpdHideNumber'));
    expect(result).toBe('disabled');
    expect(sql).toEqual([]);
  });

  it('a change through node A’s API reaches node B’s cache over the bus', async () => {
    expect(await nodeB.core.settings.get(c.company.id, 'sendSignMessage')).toBe('enabled');
    const res = await nodeA.api('PUT', '/settings/sendSignMessage', { token: c.admin.token, body: { value: 'disabled' } });
    expect(res.status).toBe(200);
    await waitFor(async () => (await nodeB.core.settings.get(c.company.id, 'sendSignMessage')) === 'disabled', { timeout: 5000 });
    expect((await nodeB.core.settings.all(c.company.id)).sendSignMessage).toBe('disabled');
  });

  it('the writing node answers the new value at once, and other companies keep theirs', async () => {
    const other = await nodeA.createCompany();
    expect(await nodeA.kernel.core.settings.get(other.company.id, 'requiredTag')).toBe('disabled');
    expect(await nodeA.kernel.core.settings.get(c.company.id, 'requiredTag')).toBe('disabled');
    await nodeA.kernel.core.settings.set(c.company.id, 'requiredTag', 'enabled');
    expect(await nodeA.kernel.core.settings.get(c.company.id, 'requiredTag')).toBe('enabled');
    expect(await nodeA.kernel.core.settings.get(other.company.id, 'requiredTag')).toBe('disabled');
    await waitFor(async () => (await nodeB.core.settings.get(c.company.id, 'requiredTag')) === 'enabled', { timeout: 5000 });
  });

  it('a setting changed on node B changes what ingest does on node A (acceptAudioMessage of new contacts)', async () => {
    const conn = await connection(c.company.id);
    const message = (number: string): NormalizedMessage => ({
      wid: `A-${++seq}`, fromMe: false, timestamp: new Date(), peer: { id: `${number}@s.whatsapp.net`, number, name: 'Ana' }, body: 'oi', mediaType: 'chat',
    });
    const first = await nodeA.kernel.core.ingest.ingest(conn, message('5511922220001'));
    expect(await nodeA.db('contacts').where({ id: first.contactId }).first('acceptAudioMessage')).toEqual({ acceptAudioMessage: true });
    await nodeB.core.settings.set(c.company.id, 'acceptAudioMessageContact', 'disabled');
    let n = 1;
    await waitFor(async () => {
      const next = await nodeA.kernel.core.ingest.ingest(conn, message(`55119222200${10 + n++}`));
      return (await nodeA.db('contacts').where({ id: next.contactId }).first('acceptAudioMessage')).acceptAudioMessage === false;
    }, { timeout: 5000 });
  });
});

describe('connection cache of ingest', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await nodeA.createCompany();
  });

  it('reads the connection once, then from memory', async () => {
    const conn = await connection(c.company.id);
    await nodeB.core.ingest.ingest(conn, groupMessage());
    const { result, sql } = await queriesDuring(() => nodeB.core.ingest.ingest(conn, groupMessage()));
    expect(result.skipped).toBe('groupNotAllowed');
    expect(sql.filter((q) => /from "whatsapps"/.test(q))).toEqual([]);
  });

  it('an update through node A’s API is used by node B’s ingest (allowGroup)', async () => {
    const conn = await connection(c.company.id, { allowGroup: false });
    expect(await nodeB.core.ingest.ingest(conn, groupMessage())).toMatchObject({ created: false, skipped: 'groupNotAllowed' });
    const res = await nodeA.api('PUT', `/whatsapp/${conn}`, { token: c.admin.token, body: { allowGroup: true } });
    expect(res.status).toBe(200);
    await waitFor(async () => (await nodeB.core.ingest.ingest(conn, groupMessage())).created, { timeout: 5000 });
  });

  it('the updating node uses the change at once (timeCreateNewTicket reopens a closed conversation)', async () => {
    const conn = await connection(c.company.id);
    const peer = { id: '5511933330002@s.whatsapp.net', number: '5511933330002', name: 'Caio' };
    const first = await nodeA.kernel.core.ingest.ingest(conn, { wid: `T-${++seq}`, fromMe: false, timestamp: new Date(), peer, body: 'oi', mediaType: 'chat' });
    await nodeA.db('tickets').where({ id: first.ticketId }).update({ status: 'closed' });
    const res = await nodeA.api('PUT', `/whatsapp/${conn}`, { token: c.admin.token, body: { timeCreateNewTicket: 60 } });
    expect(res.status).toBe(200);
    const next = await nodeA.kernel.core.ingest.ingest(conn, { wid: `T-${++seq}`, fromMe: false, timestamp: new Date(), peer, body: 'de novo', mediaType: 'chat' });
    expect(next.ticketId).toBe(first.ticketId);
    expect(await nodeA.db('tickets').where({ id: first.ticketId }).first('status')).toEqual({ status: 'pending' });
  });

  it('a connection deleted through node A’s API is gone for node B’s ingest', async () => {
    const conn = await connection(c.company.id);
    const peer = { id: '5511933330003@s.whatsapp.net', number: '5511933330003', name: 'Davi' };
    expect((await nodeB.core.ingest.ingest(conn, { wid: `D-${++seq}`, fromMe: false, timestamp: new Date(), peer, body: 'oi', mediaType: 'chat' })).created).toBe(true);
    expect((await nodeA.api('DELETE', `/whatsapp/${conn}`, { token: c.admin.token })).status).toBe(200);
    await waitFor(
      async () =>
        nodeB.core.ingest
          .ingest(conn, { wid: `D-${++seq}`, fromMe: false, timestamp: new Date(), peer, body: 'oi', mediaType: 'chat' })
          .then(() => false, (err: { code?: string }) => err.code === 'ERR_NO_WAPP_FOUND'),
      { timeout: 5000 },
    );
  });
});
