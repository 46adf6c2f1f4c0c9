import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, waitFor, type ChildKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeGraph, type FakeCall } from '@guiche/meta-graph/testing';
import { saveAccount } from '../src/accounts.js';
import { webhookIdOf } from '../src/webhook-ids.js';
import { CONFIRM_WINDOW_MS } from '../src/send-once.js';
import { newCloudNumber, useFakeGraphEnv, type CloudNumber } from './support.js';

/**
 * Exactly once on the Cloud API across a kill -9 (built kernel and plugin: run `npx tsc -b` first).
 * The sending node runs in a child process; the fake Graph API takes the message (Meta has it, its
 * status webhook will follow) and never answers, and the test kills the node right then. The node
 * that takes over finds the attempt recorded before the call, waits for its status webhook (which
 * echoes the attempt id in biz_opaque_callback_data) and marks the row sent without a second send.
 */

const PLUGIN = '@guiche/plugin-channel-whatsapp-cloud';
const fake = new FakeGraph();
let k: TestKernel;
let c: TestCompany;
let number: CloudNumber;
let connectionId: number;
let token: string;
let webhookId: string;
let ticketId: number;
const children: ChildKernel[] = [];
const CONTACT = '5511977776666';

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [] });
  c = await k.createCompany();
  // A node that only runs the plugin's migrations, so that the account can be stored before a session starts.
  await (await node('migrations')).kill('SIGTERM');
  number = newCloudNumber(fake);
  token = randomBytes(15).toString('hex').toUpperCase();
  const [row] = await k.db('whatsapps').insert({ companyId: c.company.id, name: 'Cloud', channel: 'whatsappapi', token, status: 'CONNECTED' }).returning('id');
  connectionId = Number(row.id);
  webhookId = await webhookIdOf(k.db, c.company.id, connectionId);
  await saveAccount(k.db, c.company.id, connectionId, { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken, appSecret: fake.appSecret, verifyToken: number.verifyToken });
  await k.kernel.core.ingest.ingest(connectionId, { wid: `wamid.IN${randomBytes(8).toString('hex')}`, fromMe: false, timestamp: new Date(), peer: { id: CONTACT, number: CONTACT, name: 'Cliente' }, body: 'oi', mediaType: 'chat' });
  ticketId = (await k.db('tickets').where({ whatsappId: connectionId }).first()).id;
}, 300_000);
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  await fake.stop();
  await k?.close();
});

async function node(name: string): Promise<ChildKernel> {
  const env = { META_GRAPH_URL: fake.url, META_SECRETS_KEY: String(process.env.META_SECRETS_KEY), META_RETRY_BACKOFF_MS: '50', META_GRAPH_BACKOFF_MS: '20', NODE_NAME: name };
  const child = await startChildKernel(k, { plugins: [PLUGIN], env });
  children.push(child);
  return child;
}

const isSendOf = (body: string) => (call: FakeCall) => call.method === 'POST' && call.route === `${number.phoneNumberId}/messages` && call.body?.text?.body === body;
const sendsOf = (body: string) => fake.calls.filter(isSendOf(body));
const sentRow = (id: number) =>
  waitFor(async () => {
    const row = await k.db('messages').where({ id }).first();
    return row.sendStatus === 'sent' ? row : null;
  }, { timeout: 120_000, interval: 200 });

describe('whatsapp cloud: a crash between Meta accepting a message and our commit', () => {
  it('the node that takes over learns from the status webhook that Meta has it, and does not send it again', async () => {
    fake.holdNextSends(1);
    const doomed = await node('doomed');
    const { id } = await k.kernel.core.channels.sender.send({ companyId: c.company.id, ticketId, userId: null, body: 'uma vez só' });
    const call = await fake.nextCall(isSendOf('uma vez só'), 60_000);
    await doomed.kill('SIGKILL');
    const attemptId = call.body.biz_opaque_callback_data as string;
    expect(attemptId).toBeTruthy();
    expect(await k.db('whatsappCloudSendAttempts').where({ messageId: id }).first()).toMatchObject({ attemptId, wid: null });
    expect(await k.db('messages').where({ id }).first()).toMatchObject({ sendStatus: 'pending', wid: null });

    const survivor = await node('survivor');
    // Meta could not reach anyone meanwhile; it retries the status webhook, now answered by the survivor.
    await fake.sendStatusesTo(number, `${survivor.url}/api/whatsappapi/webhook/${webhookId}`);
    const row = await sentRow(id);
    expect(row.wid).toBe(call.response.messages[0].id);
    expect(sendsOf('uma vez só')).toHaveLength(1);
  }, 240_000);

  it('an earlier attempt no status ever confirmed is sent again once the window has passed (at least once)', async () => {
    // Left by a crash long ago, for a message Meta never got: no status will come.
    const stored = await k.db.transaction(async (trx) => {
      const deferred: (() => Promise<void> | void)[] = [];
      const sent = await k.kernel.core.channels.sender.send({ companyId: c.company.id, ticketId, userId: null, body: 'perdida' }, { trx, afterCommit: (fn) => deferred.push(fn) });
      await trx('whatsappCloudSendAttempts').insert({ messageId: sent.id, connectionId, attemptId: 'lost-attempt', attemptedAt: new Date(Date.now() - 2 * CONFIRM_WINDOW_MS) });
      return { id: sent.id, deferred };
    });
    for (const fn of stored.deferred) await fn();
    const row = await sentRow(stored.id);
    const sends = sendsOf('perdida');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body.biz_opaque_callback_data).not.toBe('lost-attempt');
    expect(row.wid).toBe(sends[0]!.response.messages[0].id);
  }, 120_000);
});
