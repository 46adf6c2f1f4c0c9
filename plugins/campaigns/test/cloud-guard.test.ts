import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeGraph, whatsappAccountChange, whatsappQualityUpdate, type FakePhoneNumber } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../../channel-whatsapp-cloud/src/plugin.js';
import { newCloudNumber, useFakeGraphEnv, type CloudNumber } from '../../channel-whatsapp-cloud/test/support.js';
import plugin from '../src/plugin.js';
import { GuardPause } from '../src/guard-rules.js';
import { contactList, dispatchTimer, shippings } from './support.js';

/**
 * The guard of WhatsApp Cloud API connections (issue #31), end to end: the real Cloud channel
 * reads Meta's standing from the fake Graph API and takes Meta's webhooks as signed POSTs; the
 * campaigns plugin caps unique recipients by the tier and pauses on drops. Campaigns run years
 * ahead on a fake clock (runDue drives their timers); the Graph and webhooks are real HTTP.
 */

const fake = new FakeGraph();
let k: TestKernel;
let c: TestCompany;
let year = 2051;

beforeAll(async () => {
  await fake.start();
  useFakeGraphEnv(fake);
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel(), plugin] });
  c = await k.createCompany({ planFlags: { useCampaigns: true, useWhatsapp: true } });
});
afterAll(async () => {
  await k?.close();
  await fake.stop();
});

const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
const after = (d: Date, ms: number) => new Date(d.getTime() + ms);
const campaignRow = (id: number) => k.db('campaigns').where({ id }).first();
const decisions = async (id: number) => (await k.api('GET', `/campaigns/${id}/guard`, { token: c.admin.token })).body.decisions as { decision: string; detail: any; connectionId: number | null }[];
const handedOver = async (id: number) => (await shippings(k, id)).filter((r) => r.messageId).length;
const guardView = async (conn: number, company = c) => (await k.api('GET', `/campaign-guards/${conn}`, { token: company.admin.token })).body;

async function interval(seconds: number) {
  const res = await k.api('POST', '/campaign-settings', { token: c.admin.token, body: { settings: { messageInterval: seconds, longerIntervalAfter: 0, greaterInterval: 0 } } });
  expect(res.status).toBe(200);
}

/** A Cloud API connection configured with a number of the fake Graph, CONNECTED, its standing known to the guard. */
async function cloudConnection(
  name: string,
  standing: Partial<FakePhoneNumber> = {},
  options: { company?: TestCompany; portfolioId?: string } = {},
): Promise<{ id: number; number: CloudNumber; display: string; webhook: string }> {
  const company = options.company ?? c;
  const created = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'whatsappapi' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as number;
  const number = newCloudNumber(fake);
  Object.assign(fake.phoneNumbers.get(number.phoneNumberId)!, standing);
  if (options.portfolioId) fake.wabas.set(number.wabaId, { portfolioId: options.portfolioId });
  const saved = await k.api('PUT', `/whatsappapi/${id}/credentials`, {
    token: company.admin.token,
    body: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken, appSecret: fake.appSecret, verifyToken: number.verifyToken },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await waitFor(async () => (await k.db('whatsapps').where({ id }).first('status')).status === 'CONNECTED', { timeout: 15_000 });
  await waitFor(async () => (await guardView(id, company)).cloud?.standingAt, { timeout: 15_000 });
  await waitFor(async () => (await k.db('whatsappCloudAccounts').where({ connectionId: id }).first('templatesSyncedAt')).templatesSyncedAt, { timeout: 15_000 });
  const webhook = (await k.api('GET', `/whatsappapi/${id}/credentials`, { token: company.admin.token })).body.webhookUrl as string;
  return { id, number, display: fake.phoneNumbers.get(number.phoneNumberId)!.display, webhook };
}

/** By template: the list's contacts never wrote, so free text would be refused (cloud-templates.test.ts). */
async function campaign(conn: number, listSize: number, at = new Date(`${year++}-05-10T15:00:00Z`)) {
  const list = await contactList(k, c, listSize);
  const res = await k.api('POST', '/campaigns', { token: c.admin.token, body: { name: 'Nuvem', whatsappId: String(conn), contactListId: list.id, template: { name: 'hello_world', language: 'en_US', variables: ['{nome}', '1'] }, scheduledAt: at.toISOString() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as number, at };
}

/** Runs the campaign's dispatch timer while it is due by `until`. */
async function drainUntil(id: number, conn: number, until: Date) {
  for (let i = 0; i < 500; i++) {
    const timer = await dispatchTimer(k, id, conn);
    if (!timer || new Date(timer.dueAt) > until) return;
    await runDue(new Date(timer.dueAt));
  }
}

describe('campaign guard of a WhatsApp Cloud API connection', () => {
  it('reads the tier and quality rating from the Graph API (the deprecated tier field too) and shows them on the guard', async () => {
    const conn = await cloudConnection('Tier', { messagingLimit: 'TIER_10K', quality: 'YELLOW' });
    expect((await guardView(conn.id)).cloud).toMatchObject({ messagingTier: 'TIER_10K', qualityRating: 'YELLOW', limit: 10_000, recipients24h: 0, qualityDroppedAt: null });
    // The session asked Graph for the new field and the deprecated one.
    const read = fake.calls.find((call) => call.method === 'GET' && call.route === conn.number.phoneNumberId)!;
    expect(read.query.fields.split(',')).toEqual(expect.arrayContaining(['quality_rating', 'whatsapp_business_manager_messaging_limit', 'messaging_limit_tier']));
    const legacy = await cloudConnection('Legado', { messagingLimit: 'TIER_1K', legacyTierOnly: true });
    expect((await guardView(legacy.id)).cloud).toMatchObject({ messagingTier: 'TIER_1K', qualityRating: 'GREEN', limit: 1000 });
    // A Baileys-only view has no cloud part; another company still sees nothing.
    const other = await k.createCompany();
    expect((await k.api('GET', `/campaign-guards/${conn.id}`, { token: other.admin.token })).body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  });

  it("caps the unique recipients of a moving 24 hours at the tier's limit, and goes on as the window frees", async () => {
    await interval(0);
    const conn = await cloudConnection('Limite', { messagingLimit: 'TIER_50' });
    const { id, at } = await campaign(conn.id, 60);
    await runDue(at);
    await drainUntil(id, conn.id, after(at, 3_600_000));
    expect(await handedOver(id)).toBe(50);
    expect((await campaignRow(id)).pauseReason).toBe(GuardPause.tierCap);
    const logged = await decisions(id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ decision: 'tier_cap', connectionId: conn.id, detail: { tier: 'TIER_50', limit: 50, recipients: 50 } });
    // It waits until the first send leaves the 24-hour window, then sends the rest.
    const timer = await dispatchTimer(k, id, conn.id);
    expect(new Date(timer.dueAt).getTime()).toBe(after(at, 86_400_000).getTime());
    expect(new Date(logged[0]!.detail.resumeAt).getTime()).toBe(after(at, 86_400_000).getTime());
    expect((await guardView(conn.id)).cloud).toMatchObject({ limit: 50 });
    await drainUntil(id, conn.id, after(at, 86_400_000 + 60_000));
    expect(await handedOver(id)).toBe(60);
    expect((await campaignRow(id)).pauseReason).toBeNull();
  }, 60_000);

  it("counts the unique recipients across the company's numbers of one business portfolio, as Meta does", async () => {
    await interval(0);
    const portfolioId = '9' + String(Math.floor(Math.random() * 1e14));
    // Two numbers of two WABAs that Graph says one portfolio owns; a third of another portfolio; another company's number in the same portfolio.
    const first = await cloudConnection('Loja Centro', { messagingLimit: 'TIER_50' }, { portfolioId });
    const second = await cloudConnection('Loja Norte', { messagingLimit: 'TIER_50' }, { portfolioId });
    const apart = await cloudConnection('Outra empresa do grupo', { messagingLimit: 'TIER_50' }, { portfolioId: '8' + portfolioId.slice(1) });
    const otherCompany = await k.createCompany({ planFlags: { useCampaigns: true, useWhatsapp: true } });
    const foreign = await cloudConnection('Vizinho', { messagingLimit: 'TIER_50' }, { company: otherCompany, portfolioId });
    expect((await guardView(second.id)).cloud).toMatchObject({ portfolioId, sharedWith: [first.id, second.id], recipients24h: 0 });
    expect(fake.calls.some((call) => call.method === 'GET' && call.route === first.number.wabaId && call.query.fields === 'owner_business_info')).toBe(true);

    const one = await campaign(first.id, 30);
    await runDue(one.at);
    await drainUntil(one.id, first.id, after(one.at, 3_600_000));
    expect(await handedOver(one.id)).toBe(30);
    // An hour later the other number of the portfolio has 20 of the 50 left.
    const two = await campaign(second.id, 30, after(one.at, 3_600_000));
    await runDue(two.at);
    await drainUntil(two.id, second.id, after(two.at, 3_600_000));
    expect(await handedOver(two.id)).toBe(20);
    expect((await campaignRow(two.id)).pauseReason).toBe(GuardPause.tierCap);
    expect((await decisions(two.id))[0]).toMatchObject({ decision: 'tier_cap', connectionId: second.id, detail: { tier: 'TIER_50', limit: 50, recipients: 50, connections: [first.id, second.id] } });
    // It waits for the portfolio's oldest send (the first number's) to leave the window.
    expect(new Date((await dispatchTimer(k, two.id, second.id)).dueAt).getTime()).toBe(after(one.at, 86_400_000).getTime());
    expect((await guardView(first.id)).cloud).toMatchObject({ recipients24h: 50, sharedWith: [first.id, second.id] });
    // Another portfolio, and another company's number of the same portfolio, count on their own.
    expect((await guardView(apart.id)).cloud).toMatchObject({ recipients24h: 0, sharedWith: [apart.id] });
    expect((await guardView(foreign.id, otherCompany)).cloud).toMatchObject({ recipients24h: 0, sharedWith: [foreign.id] });
    const three = await campaign(apart.id, 10, after(two.at, 60_000));
    await runDue(three.at);
    await drainUntil(three.id, apart.id, after(three.at, 3_600_000));
    expect(await handedOver(three.id)).toBe(10);
  }, 90_000);

  it('pauses the running campaign when Meta flags the number (a signed webhook), tells the admins, and resumes with a click', async () => {
    await interval(120);
    const conn = await cloudConnection('Qualidade', { messagingLimit: 'TIER_2K', quality: 'GREEN' });
    const { id, at } = await campaign(conn.id, 6);
    await runDue(at);
    await drainUntil(id, conn.id, at); // the first send; the next waits up to 2 min
    const sentBefore = await handedOver(id);
    expect(sentBefore).toBeGreaterThan(0);
    expect(await dispatchTimer(k, id, conn.id)).toBeDefined();

    const admin = await k.socket(c.admin.token);
    const guardEvents: any[] = [];
    admin.on(`company-${c.company.id}-campaignGuard`, (p: unknown) => guardEvents.push(p));
    // An unsigned or forged delivery changes nothing.
    fake.phoneNumbers.get(conn.number.phoneNumberId)!.quality = 'RED';
    const flagged = whatsappQualityUpdate({ wabaId: conn.number.wabaId, display: conn.display }, { event: 'FLAGGED', currentLimit: 'TIER_2K', maxDailyPerBusiness: 'TIER_2K' });
    expect(await fake.deliver(conn.webhook, flagged, 'unsigned')).toBe(401);
    expect(await fake.deliver(conn.webhook, flagged, 'forged')).toBe(401);
    expect((await campaignRow(id)).pauseReason).toBeNull();
    // Meta's signed POST: the quality is read again from Graph (RED) and the campaign pauses.
    expect(await fake.deliver(conn.webhook, flagged)).toBe(200);
    await waitFor(async () => (await campaignRow(id)).pauseReason === GuardPause.quality, { timeout: 15_000 });
    expect(await dispatchTimer(k, id, conn.id)).toBeUndefined();
    expect((await campaignRow(id)).status).toBe('EM_ANDAMENTO');
    const paused = (await decisions(id)).find((d) => d.decision === 'paused_quality')!;
    expect(paused).toMatchObject({ connectionId: conn.id, detail: { event: 'FLAGGED', qualityRating: 'RED', previous: 'GREEN', tier: 'TIER_2K', connectionName: 'Qualidade' } });
    await waitFor(() => guardEvents.length > 0);
    expect(guardEvents[0]).toMatchObject({ action: 'paused', campaignId: id, reason: GuardPause.quality, detail: { event: 'FLAGGED' } });
    admin.close();
    expect((await guardView(conn.id)).cloud).toMatchObject({ qualityRating: 'RED', messagingTier: 'TIER_2K' });
    // Meta delivering the same webhook again notes no new drop (its time is the event's).
    const dropped = (await guardView(conn.id)).cloud.qualityDroppedAt;
    expect(new Date(dropped).getTime()).toBe((flagged as any).entry[0].time * 1000);
    expect(await fake.deliver(conn.webhook, flagged)).toBe(200);

    // Nothing goes out while paused, however long.
    await runDue(after(at, 6 * 3_600_000));
    expect(await handedOver(id)).toBe(sentBefore);
    expect((await decisions(id)).filter((d) => d.decision === 'paused_quality')).toHaveLength(1);

    const agent = await k.createUser(c.company.id, { profile: 'user' });
    expect((await k.api('POST', `/campaigns/${id}/resume`, { token: agent.token })).status).toBe(403);
    await interval(0); // the rest at once, on the real clock
    const resumed = await k.api('POST', `/campaigns/${id}/resume`, { token: c.admin.token });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.pauseReason).toBeNull();
    expect((await decisions(id))[0]).toMatchObject({ decision: 'resumed', detail: { was: GuardPause.quality } });
    // The click acknowledged the RED rating: the rest goes out (the kernel's own sweeper runs the timers it set).
    await waitFor(async () => (await handedOver(id)) === 6, { timeout: 30_000, interval: 200 });
  }, 60_000);

  it('holds a campaign that starts while the number is RED until an admin resumes it', async () => {
    await interval(0);
    const conn = await cloudConnection('Vermelho', { quality: 'RED' });
    expect((await guardView(conn.id)).cloud.qualityDroppedAt).not.toBeNull();
    const { id, at } = await campaign(conn.id, 3);
    await runDue(at);
    expect(await handedOver(id)).toBe(0);
    expect((await campaignRow(id)).pauseReason).toBe(GuardPause.quality);
    expect((await decisions(id))[0]).toMatchObject({ decision: 'paused_quality', detail: { qualityRating: 'RED', previous: '—', event: 'RED' } });
    expect((await k.api('POST', `/campaigns/${id}/resume`, { token: c.admin.token })).status).toBe(200);
    await waitFor(async () => (await handedOver(id)) === 3, { timeout: 30_000, interval: 200 });
  }, 60_000);

  it("follows the portfolio's limit from business_capability_update, and an account restriction pauses", async () => {
    await interval(120);
    const conn = await cloudConnection('Portfolio', { messagingLimit: 'TIER_250' });
    // Another WABA's news is not this number's.
    expect(await fake.deliver(conn.webhook, whatsappAccountChange('999', 'business_capability_update', { max_daily_conversations_per_business: 2000 }))).toBe(200);
    // Meta raises the portfolio to 2,000 (a count, as the capability webhook writes it): no pause, a higher cap.
    // Graph says so too from then on (the periodic re-read, due within the campaign's run, must not see a drop).
    fake.phoneNumbers.get(conn.number.phoneNumberId)!.messagingLimit = 'TIER_2K';
    expect(await fake.deliver(conn.webhook, whatsappAccountChange(conn.number.wabaId, 'business_capability_update', { max_daily_conversations_per_business: 2000, max_phone_numbers_per_waba: 25 }))).toBe(200);
    await waitFor(async () => (await guardView(conn.id)).cloud.limit === 2000, { timeout: 15_000 });
    expect((await guardView(conn.id)).cloud).toMatchObject({ messagingTier: 'TIER_2K', qualityDroppedAt: null });

    const { id, at } = await campaign(conn.id, 4);
    await runDue(at);
    expect((await campaignRow(id)).pauseReason).toBeNull();
    const restriction = whatsappAccountChange(conn.number.wabaId, 'account_update', {
      event: 'ACCOUNT_RESTRICTION',
      restriction_info: [{ restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: '2051-06-01T00:00:00+0000' }],
    });
    expect(await fake.deliver(conn.webhook, restriction)).toBe(200);
    await waitFor(async () => (await campaignRow(id)).pauseReason === GuardPause.quality, { timeout: 15_000 });
    expect((await decisions(id)).find((d) => d.decision === 'paused_quality')!.detail).toMatchObject({ event: 'ACCOUNT_RESTRICTION' });
  }, 60_000);

  it('a lower tier is a drop: DOWNGRADE pauses and the cap follows the new tier', async () => {
    await interval(120);
    const conn = await cloudConnection('Rebaixado', { messagingLimit: 'TIER_10K' });
    const { id, at } = await campaign(conn.id, 3);
    await runDue(at);
    // Another number of the same WABA: not this connection's news.
    const elsewhere = whatsappQualityUpdate({ wabaId: conn.number.wabaId, display: '+1 555 999 0000' }, { event: 'DOWNGRADE', oldLimit: 'TIER_10K', currentLimit: 'TIER_250' });
    expect(await fake.deliver(conn.webhook, elsewhere)).toBe(200);
    fake.phoneNumbers.get(conn.number.phoneNumberId)!.messagingLimit = 'TIER_250';
    const downgrade = whatsappQualityUpdate({ wabaId: conn.number.wabaId, display: conn.display }, { event: 'DOWNGRADE', oldLimit: 'TIER_10K', currentLimit: 'TIER_250' });
    expect(await fake.deliver(conn.webhook, downgrade)).toBe(200);
    await waitFor(async () => (await campaignRow(id)).pauseReason === GuardPause.quality, { timeout: 15_000 });
    expect((await decisions(id)).find((d) => d.decision === 'paused_quality')!.detail).toMatchObject({ event: 'DOWNGRADE', tier: 'TIER_250', previousTier: 'TIER_10K' });
    expect((await guardView(conn.id)).cloud).toMatchObject({ messagingTier: 'TIER_250', limit: 250 });
  }, 60_000);
});
