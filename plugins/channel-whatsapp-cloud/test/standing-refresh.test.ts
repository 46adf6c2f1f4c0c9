import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDING_TOPIC, type ConnectionStanding } from '@guiche/contracts';
import { createKernel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type ConformanceContext, type TestKernel } from '@guiche/core/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';
import { STANDING_REFRESH_KIND } from '../src/standing-refresh.js';
import { CloudPeer } from './support.js';

/**
 * The periodic Graph re-read of a Cloud API number's standing (issue #31): a change Meta's webhook
 * did not bring (or whose bus message every node missed) is read again within the period, by one
 * durable timer per connection that two nodes on one database claim once; it publishes only a change.
 */
const HOUR = 3_600_000;
const peer = new CloudPeer();
const portfolioId = '7' + String(Math.floor(Math.random() * 1e14));
let a: TestKernel;
let b: Kernel;
let ctx: ConformanceContext;
const notes: ConnectionStanding[] = [];

const channel = () => createWhatsappCloudChannel({ standingRefreshMs: HOUR });
const account = () => a.db('whatsappCloudAccounts').where({ connectionId: ctx.connection.id }).first('messagingTier', 'qualityRating', 'portfolioId');
const timer = () => a.db('timedWork').where({ kind: STANDING_REFRESH_KIND, key: String(ctx.connection.id) }).first('dueAt', 'attempts', 'failedAt');
const numberReads = () => peer.fake.calls.filter((c) => c.method === 'GET' && c.route === peer.number.phoneNumberId).length;
const fakeNumber = () => peer.fake.phoneNumbers.get(peer.number.phoneNumberId)!;
/** Both nodes sweep the timers due at `now` at the same moment. */
const sweepBoth = (now: Date) => Promise.all([a.kernel.core.timedWork.runDue(now), b.core.timedWork.runDue(now)]);

beforeAll(async () => {
  await peer.setup();
  Object.assign(fakeNumber(), { messagingLimit: 'TIER_10K', quality: 'GREEN' });
  peer.fake.wabas.set(peer.number.wabaId, { portfolioId });
  a = await createTestKernel({ plugins: [channel()] });
  b = await createKernel(loadConfig({}, { ...a.kernel.core.config, PORT: 0 }), { plugins: [channel()] });
  a.kernel.core.bus.subscribe<ConnectionStanding>(STANDING_TOPIC, (m) => void notes.push(m.payload));
  const company = await a.createCompany();
  const res = await a.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Cloud', channel: 'whatsappapi' } });
  const token = (await a.db('whatsapps').where({ id: res.body.id }).first('token')).token as string;
  ctx = { kernel: a, company, connection: { id: res.body.id, token, companyId: company.company.id, channel: 'whatsappapi' } };
  await peer.connect(ctx);
  await waitFor(async () => (await a.db('whatsapps').where({ id: ctx.connection.id }).first('status')).status === 'CONNECTED', { timeout: 15_000 });
  await waitFor(async () => (await timer()) !== undefined, { timeout: 15_000 });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await peer.teardown();
});

describe("the periodic re-read of a Cloud API number's standing", () => {
  it('is armed one period after the session read the standing and the portfolio', async () => {
    const t = await timer();
    const row = await a.db('whatsappCloudAccounts').where({ connectionId: ctx.connection.id }).first('standingAt');
    expect(new Date(t!.dueAt).getTime()).toBeGreaterThanOrEqual(new Date(row.standingAt).getTime() + HOUR);
    expect(new Date(t!.dueAt).getTime()).toBeLessThanOrEqual(Date.now() + HOUR);
    expect(await account()).toMatchObject({ messagingTier: 'TIER_10K', qualityRating: 'GREEN', portfolioId });
    await waitFor(() => notes.some((n) => n.source === 'graph'));
    expect(notes.find((n) => n.source === 'graph')).toMatchObject({ wabaId: peer.number.wabaId, portfolioId });
  });

  it('two nodes read Graph once per period; nothing is published while nothing changed', async () => {
    notes.length = 0;
    const due = new Date((await timer())!.dueAt);
    const before = numberReads();
    const fired = await sweepBoth(due);
    expect(fired.reduce((x, y) => x + y, 0)).toBe(1);
    expect(numberReads()).toBe(before + 1);
    expect(new Date((await timer())!.dueAt).getTime()).toBe(due.getTime() + HOUR);

    // Meta turned the number RED and the webhook never came: the next period reads it, once, and publishes the drop.
    fakeNumber().quality = 'RED';
    const next = new Date((await timer())!.dueAt);
    const fired2 = await sweepBoth(next);
    expect(fired2.reduce((x, y) => x + y, 0)).toBe(1);
    expect(numberReads()).toBe(before + 2);
    expect(await account()).toMatchObject({ qualityRating: 'RED', messagingTier: 'TIER_10K' });
    await waitFor(() => notes.length > 0);
    // The unchanged read before published nothing: the drop is the only note.
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ source: 'graph_refresh', connectionId: ctx.connection.id, qualityRating: 'RED', previous: { qualityRating: 'GREEN' }, dropped: true, portfolioId });
  });

  it('a Graph failure keeps the timer for the next period instead of giving up', async () => {
    notes.length = 0;
    peer.fake.expireToken(peer.number.accessToken);
    const due = new Date((await timer())!.dueAt);
    expect((await sweepBoth(due)).reduce((x, y) => x + y, 0)).toBe(1);
    const t = await timer();
    expect(t).toMatchObject({ attempts: 0, failedAt: null });
    expect(new Date(t!.dueAt).getTime()).toBe(due.getTime() + HOUR);
    expect(await account()).toMatchObject({ qualityRating: 'RED' });
  });

  it('ends with its connection: cancelled at the delete, and ended at its run when that news was missed', async () => {
    expect(await timer()).toBeDefined();
    const res = await a.api('DELETE', `/whatsapp/${ctx.connection.id}`, { token: ctx.company.admin.token });
    expect(res.status).toBe(200);
    await waitFor(async () => (await timer()) === undefined || null, { timeout: 15_000 });

    // The bus message every node missed: the timer is still there at its time, finds no account and ends.
    const due = new Date(Date.now() + HOUR);
    await a.kernel.core.timedWork.schedule({ kind: STANDING_REFRESH_KIND, key: String(ctx.connection.id), companyId: ctx.connection.companyId, dueAt: due, payload: { connectionId: ctx.connection.id } });
    expect((await sweepBoth(due)).reduce((x, y) => x + y, 0)).toBe(1);
    expect(await timer()).toBeUndefined();
  });
});
