import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';

/**
 * SQL round trips per inbound message (a count, not a time). The ceilings are what the pipeline
 * reaches today; a change that adds queries to every message fails here and has to say why.
 * Queries are attributed to the ingest call through AsyncLocalStorage, so the kernel's own
 * periodic work (session sweep) running meanwhile is not counted.
 */
// BEGIN, contact (with its active ticket and the replay probe), insert + ticket touch, COMMIT, details (the message event reuses them)
const STEADY_MAX = 5;
const NEW_CONTACT_MAX = 14; // + contact insert, active ticket, ticket insert, ticket log, contact event (contact, tags, custom fields)

let k: TestKernel;
let c: TestCompany;
let conn: number;
let seq = 0;
const scope = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  k = await createTestKernel();
  c = await k.createCompany();
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  conn = (await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Line', channel: 'whatsapp', token }).returning('id'))[0].id;
  k.db.on('query', (query: { sql: string }) => scope.getStore()?.push(query.sql));
});
afterAll(async () => k?.close());

function inbound(number: string, body = `oi ${++seq}`): NormalizedMessage {
  return { wid: `Q-${++seq}-${randomBytes(3).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: `${number}@s.whatsapp.net`, number, name: 'Maria' }, body, mediaType: 'chat' };
}

async function queriesOf(message: NormalizedMessage): Promise<string[]> {
  const seen: string[] = [];
  const result = await scope.run(seen, () => k.kernel.core.ingest.ingest(conn, message));
  expect(result.created).toBe(true);
  return seen;
}

describe('SQL queries per inbound message', () => {
  it(`a message into an active conversation takes at most ${STEADY_MAX} queries, none for settings, the connection or ratings`, async () => {
    await queriesOf(inbound('5511911110001')); // warms the caches, creates contact and ticket
    const seen = await queriesOf(inbound('5511911110001'));
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(STEADY_MAX);
    expect(seen.filter((sql) => /from "(settings|whatsapps)"/.test(sql))).toEqual([]);
    expect(seen.filter((sql) => /from "ticket_ratings"/.test(sql))).toEqual([]);
  });

  it(`the first message of a new contact takes at most ${NEW_CONTACT_MAX} queries`, async () => {
    const seen = await queriesOf(inbound('5511911110002'));
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(NEW_CONTACT_MAX);
  });

  it('a replay of a text is found by the contact statement, rolled back, and stores nothing', async () => {
    const message = inbound('5511911110003');
    await queriesOf(message);
    const seen: string[] = [];
    const again = await scope.run(seen, () => k.kernel.core.ingest.ingest(conn, message));
    expect(again.created).toBe(false);
    expect(again.messageId).toBeGreaterThan(0);
    // BEGIN, contact with the probe, ROLLBACK, the stored row's ids; then, the message being recent, its
    // announcement again (a node may have died before its live event): the message, its ticket, the details.
    expect(seen, seen.join('\n')).toHaveLength(7);
    expect(seen.filter((sql) => /^(insert|update)/i.test(sql))).toEqual([]);
    expect(await k.db('messages').where({ whatsappId: conn, wid: message.wid }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('a replay with media takes the early check only (its file is not saved again)', async () => {
    const message: NormalizedMessage = { ...inbound('5511911110004'), mediaType: 'image', media: { data: Buffer.from('png'), mimetype: 'image/png', fileName: 'a.png' } };
    await queriesOf(message);
    const files = await k.db('messages').where({ whatsappId: conn, wid: message.wid }).first('mediaUrl');
    const seen: string[] = [];
    const again = await scope.run(seen, () => k.kernel.core.ingest.ingest(conn, message));
    expect(again.created).toBe(false);
    // The early check, then the recent message announced again (message, ticket, details).
    expect(seen, seen.join('\n')).toHaveLength(4);
    expect(await k.db('messages').where({ whatsappId: conn, wid: message.wid }).select('mediaUrl')).toEqual([files]);
  });
});
