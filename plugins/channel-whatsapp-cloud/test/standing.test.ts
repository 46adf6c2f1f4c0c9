import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDING_TOPIC, tierLimit, type ConnectionStanding } from '@guiche/contracts';
import { createTestKernel, waitFor, type ConformanceContext, type TestKernel } from '@guiche/core/testing';
import { whatsappAccountChange, whatsappQualityUpdate } from '@guiche/meta-graph/testing';
import { createWhatsappCloudChannel } from '../src/plugin.js';
import { hasDropped, normalizeQuality, normalizeTier } from '../src/standing.js';
import { CloudPeer } from './support.js';

/**
 * Meta's standing of a Cloud API number (issue #31): read from the fake Graph API when the session
 * starts, changed by Meta's signed webhooks, stored on the account and published on the bus.
 */
const peer = new CloudPeer();
let k: TestKernel;
let ctx: ConformanceContext;
const notes: ConnectionStanding[] = [];

const account = () => k.db('whatsappCloudAccounts').where({ connectionId: ctx.connection.id }).first('messagingTier', 'qualityRating', 'displayNumber', 'standingAt');
const display = () => peer.fake.phoneNumbers.get(peer.number.phoneNumberId)!.display;

beforeAll(async () => {
  await peer.setup();
  Object.assign(peer.fake.phoneNumbers.get(peer.number.phoneNumberId)!, { messagingLimit: 'TIER_10K', quality: 'GREEN' });
  k = await createTestKernel({ plugins: [createWhatsappCloudChannel()] });
  k.kernel.core.bus.subscribe<ConnectionStanding>(STANDING_TOPIC, (m) => void notes.push(m.payload));
  const company = await k.createCompany();
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Cloud', channel: 'whatsappapi' } });
  const token = (await k.db('whatsapps').where({ id: res.body.id }).first('token')).token as string;
  ctx = { kernel: k, company, connection: { id: res.body.id, token, companyId: company.company.id, channel: 'whatsappapi' } };
  await peer.connect(ctx);
  await waitFor(async () => (await k.db('whatsapps').where({ id: ctx.connection.id }).first('status')).status === 'CONNECTED', { timeout: 15_000 });
});
afterAll(async () => {
  await k?.close();
  await peer.teardown();
});

describe("a Cloud API number's standing at Meta", () => {
  it('reads the tier, the quality rating and the display number from the Graph API when the session starts', async () => {
    await waitFor(() => notes.some((n) => n.source === 'graph'));
    expect(await account()).toMatchObject({ messagingTier: 'TIER_10K', qualityRating: 'GREEN', displayNumber: display().replace(/\D/g, '') });
    expect(notes.find((n) => n.source === 'graph')).toMatchObject({ companyId: ctx.company.company.id, connectionId: ctx.connection.id, messagingTier: 'TIER_10K', qualityRating: 'GREEN', dropped: false });
  });

  it("takes Meta's phone_number_quality_update (signed) and reads the quality again; other numbers and WABAs are not this one's", async () => {
    notes.length = 0;
    const number = { wabaId: peer.number.wabaId, display: display() };
    // Another number of the same WABA, another WABA: ignored (the next, real one is noted alone).
    expect(await peer.deliver(whatsappQualityUpdate({ ...number, display: '+1 555 777 0000' }, { event: 'DOWNGRADE', currentLimit: 'TIER_250' }))).toBe(200);
    expect(await peer.deliver(whatsappQualityUpdate({ ...number, wabaId: '4242' }, { event: 'DOWNGRADE', currentLimit: 'TIER_250' }))).toBe(200);
    expect(await peer.deliver(whatsappAccountChange(peer.number.wabaId, 'account_update', { event: 'VERIFIED_ACCOUNT' }))).toBe(200);
    // Unsigned: refused before anything is read.
    expect(await peer.deliver(whatsappQualityUpdate(number, { event: 'FLAGGED' }), 'unsigned')).toBe(401);

    Object.assign(peer.fake.phoneNumbers.get(peer.number.phoneNumberId)!, { quality: 'YELLOW', messagingLimit: 'TIER_100K' });
    const upgrade = whatsappQualityUpdate(number, { event: 'UPGRADE', oldLimit: 'TIER_10K', currentLimit: 'TIER_100K', maxDailyPerBusiness: 'TIER_100K' });
    expect(await peer.deliver(upgrade)).toBe(200);
    await waitFor(async () => (await account()).messagingTier === 'TIER_100K', { timeout: 15_000 });
    expect(await account()).toMatchObject({ qualityRating: 'YELLOW' });
    await waitFor(() => notes.length > 0);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ source: 'phone_number_quality_update', event: 'UPGRADE', messagingTier: 'TIER_100K', qualityRating: 'YELLOW', previous: { messagingTier: 'TIER_10K', qualityRating: 'GREEN' }, dropped: false });
    expect(new Date(notes[0]!.at).getTime()).toBe((upgrade as any).entry[0].time * 1000);

    // RED, read again after Meta's FLAGGED: a drop.
    peer.fake.phoneNumbers.get(peer.number.phoneNumberId)!.quality = 'RED';
    expect(await peer.deliver(whatsappQualityUpdate(number, { event: 'FLAGGED' }))).toBe(200);
    await waitFor(() => notes.length === 2, { timeout: 15_000 });
    expect(notes[1]).toMatchObject({ event: 'FLAGGED', qualityRating: 'RED', previous: { qualityRating: 'YELLOW' }, messagingTier: 'TIER_100K', dropped: true });
  });

  it("follows business_capability_update's portfolio limit (a count; -1 = unlimited)", async () => {
    notes.length = 0;
    expect(await peer.deliver(whatsappAccountChange(peer.number.wabaId, 'business_capability_update', { max_daily_conversations_per_business: -1, max_phone_numbers_per_waba: 25 }))).toBe(200);
    await waitFor(async () => (await account()).messagingTier === 'TIER_UNLIMITED', { timeout: 15_000 });
    await waitFor(() => notes.length === 1);
    expect(notes[0]).toMatchObject({ source: 'business_capability_update', messagingTier: 'TIER_UNLIMITED', dropped: false });
    expect(await peer.deliver(whatsappAccountChange(peer.number.wabaId, 'business_capability_update', { max_daily_conversations_per_business: 2000 }))).toBe(200);
    await waitFor(() => notes.length === 2, { timeout: 15_000 });
    expect(notes[1]).toMatchObject({ messagingTier: 'TIER_2K', previous: { messagingTier: 'TIER_UNLIMITED' }, dropped: true });
  });

  it('reads tiers, counts and quality words as Meta writes them, and knows a drop', () => {
    expect(normalizeTier('TIER_2K')).toBe('TIER_2K');
    expect(normalizeTier(' tier_250 ')).toBe('TIER_250');
    expect(normalizeTier(2000)).toBe('TIER_2K');
    expect(normalizeTier('100000')).toBe('TIER_100K');
    expect(normalizeTier(-1)).toBe('TIER_UNLIMITED');
    expect(normalizeTier('UNLIMITED')).toBe('TIER_UNLIMITED');
    expect(normalizeTier(1234)).toBeNull();
    expect(normalizeTier('<script>')).toBeNull();
    expect(normalizeTier({ tier: 'TIER_2K' })).toBeNull();
    expect(normalizeQuality('green')).toBe('GREEN');
    expect(normalizeQuality('LOW')).toBe('RED');
    expect(normalizeQuality('purple')).toBeNull();
    expect(tierLimit('TIER_2K')).toBe(2000);
    expect(tierLimit('TIER_UNLIMITED')).toBeNull();
    expect(tierLimit(null)).toBe(250);
    expect(tierLimit('TIER_NOT_SET')).toBe(250);
    const green = { messagingTier: 'TIER_10K', qualityRating: 'GREEN' };
    expect(hasDropped(green, { ...green, qualityRating: 'YELLOW' }, null)).toBe(false);
    expect(hasDropped(green, { ...green, qualityRating: 'RED' }, null)).toBe(true);
    expect(hasDropped({ ...green, qualityRating: 'RED' }, { ...green, qualityRating: 'RED' }, null)).toBe(false);
    expect(hasDropped(green, { ...green, messagingTier: 'TIER_2K' }, null)).toBe(true);
    expect(hasDropped(green, { ...green, messagingTier: 'TIER_UNLIMITED' }, 'UPGRADE')).toBe(false);
    expect(hasDropped({ messagingTier: 'TIER_NOT_SET', qualityRating: null }, { messagingTier: 'TIER_250', qualityRating: 'GREEN' }, 'ONBOARDING')).toBe(false);
    expect(hasDropped(green, green, 'FLAGGED')).toBe(true);
    expect(hasDropped(green, green, 'ACCOUNT_RESTRICTION')).toBe(true);
    expect(hasDropped({ messagingTier: null, qualityRating: null }, { messagingTier: 'TIER_250', qualityRating: 'RED' }, null)).toBe(true);
  });
});
