import { tierLimit, type ConnectionStanding } from '@guiche/contracts';
import type { PluginContext, WithinTransaction } from '@guiche/core';
import type { Knex } from 'knex';
import { loadCampaigns, type CampaignRow } from './campaign-repository.js';
import { DISPATCH_KIND, dispatchKey } from './dispatch-keys.js';
import type { Events } from './events.js';
import { GuardPause } from './guard-rules.js';
import { noteQualityDrop, portfolioConnections, readGuard, recipientsSince, recordDecision, saveCloudStanding, type ConnectionGuard } from './guard-store.js';

/**
 * The guard of a WhatsApp Cloud API connection (issue #31): Meta's messaging limit tier caps the
 * unique recipients of a moving 24 hours, and a drop of the number's standing (quality RED, a
 * lower tier, a downgrade / flag / restriction event) pauses its campaigns until an admin resumes
 * them. The standing comes from the channel on the bus (STANDING_TOPIC).
 */
export const CLOUD_CHANNEL = 'whatsappapi';
const DAY_MS = 86_400_000;
/** A full tier window is looked at again at least this late (the oldest send leaves it by then). */
const TIER_RECHECK_MIN_MS = 60_000;

type Row = CampaignRow;

/**
 * Whether the dispatch must hold for quality: a number still RED whose drop no resume click
 * acknowledged (a campaign started while RED waits for a click too). Other drops pause the
 * campaigns running when they arrive (createStandingHandler); a resume acknowledges them.
 */
export function qualityHolds(guard: Pick<ConnectionGuard, 'qualityRating' | 'qualityDroppedAt'>, row: Pick<Row, 'guardResumedAt'>): boolean {
  if (guard.qualityRating !== 'RED' || !guard.qualityDroppedAt) return false;
  return !row.guardResumedAt || new Date(row.guardResumedAt) < guard.qualityDroppedAt;
}

/**
 * Room left under the tier now: null = no limit; else the limit, the unique recipients of the last 24 h
 * across the connections Meta counts together (the same business portfolio or WABA of the company),
 * those connections, and when the window frees a place.
 */
export async function tierRoom(db: Knex | Knex.Transaction, guard: Pick<ConnectionGuard, 'messagingTier' | 'connectionId' | 'wabaId' | 'portfolioId'>, companyId: number, now: Date) {
  const limit = tierLimit(guard.messagingTier);
  if (limit === null) return null;
  const connections = await portfolioConnections(db, companyId, guard);
  const { recipients, oldest } = await recipientsSince(db, connections, new Date(now.getTime() - DAY_MS));
  const freesAt = new Date(Math.max(now.getTime() + TIER_RECHECK_MIN_MS, (oldest?.getTime() ?? now.getTime()) + DAY_MS));
  return { tier: guard.messagingTier ?? 'TIER_NOT_SET', limit, recipients, remaining: limit - recipients, freesAt, connections };
}

/**
 * Serialises, until the caller's transaction ends, the dispatch claims that count and spend one
 * portfolio's limit (campaigns on several of its numbers run in parallel claims): the next claim
 * counts what the previous one handed over.
 */
export async function lockPortfolio(trx: Knex.Transaction, guard: Pick<ConnectionGuard, 'connectionId' | 'wabaId' | 'portfolioId'>, companyId: number): Promise<void> {
  const key = guard.portfolioId ? `portfolio:${guard.portfolioId}` : guard.wabaId ? `waba:${guard.wabaId}` : `connection:${guard.connectionId}`;
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`campaigns-tier:${companyId}:${key}`]);
}

/** What the report says about a quality pause: Meta's figures before and after, and its event. */
export function qualityDetail(guard: Pick<ConnectionGuard, 'qualityRating' | 'messagingTier' | 'qualityDrop'>, connectionName: string): Record<string, unknown> {
  const drop = guard.qualityDrop;
  const dash = (v: string | null | undefined) => v ?? '—';
  return {
    qualityRating: dash(drop?.qualityRating ?? guard.qualityRating),
    previous: dash(drop?.previousQuality),
    tier: dash(drop?.messagingTier ?? guard.messagingTier),
    previousTier: dash(drop?.previousTier),
    event: dash(drop?.event ?? (guard.qualityRating === 'RED' ? 'RED' : null)),
    connectionName,
  };
}

/**
 * Pauses the campaign for quality in the caller's transaction: the reason on the campaign, the
 * decision logged once, its dispatch timers removed (only a resume sets them again), and after
 * commit the admins told and the campaign announced.
 */
export async function pauseForQuality(
  ctx: Pick<PluginContext, 'timedWork' | 'db'>,
  events: Events,
  within: WithinTransaction,
  row: Row,
  connection: { id: number; name: string },
  guard: ConnectionGuard,
  now: Date,
): Promise<boolean> {
  if (row.pauseReason === GuardPause.quality) return false;
  const { trx } = within;
  const detail = qualityDetail(guard, connection.name);
  await trx('campaigns').where({ id: row.id }).update({ pauseReason: GuardPause.quality, updatedAt: trx.fn.now() });
  await recordDecision(trx, { companyId: row.companyId, campaignId: row.id, connectionId: connection.id, decision: 'paused_quality', detail, at: now });
  for (const id of row.whatsappIds) await ctx.timedWork.cancel(DISPATCH_KIND, dispatchKey(row.id, id), trx);
  row.pauseReason = GuardPause.quality;
  within.afterCommit(async () => {
    events.guardPaused(row.companyId, { campaignId: row.id, name: row.name, reason: GuardPause.quality, detail });
    const [campaign] = await loadCampaigns(ctx.db, row.companyId, [row.id]);
    if (campaign) events.campaign(row.companyId, 'update', campaign);
  });
  return true;
}

/**
 * The bus handler of STANDING_TOPIC: keeps the connection's copy of Meta's standing, and on a drop
 * pauses the company's running campaigns that send through it (once, whichever node is first).
 */
export function createStandingHandler(ctx: Pick<PluginContext, 'db' | 'timedWork' | 'connections' | 'log'>, events: Events) {
  return async (standing: ConnectionStanding): Promise<void> => {
    const connection = await ctx.connections.find(standing.companyId, standing.connectionId);
    if (!connection || connection.channel !== CLOUD_CHANNEL) return;
    const at = new Date(standing.at);
    const after: (() => Promise<void> | void)[] = [];
    await ctx.db.transaction(async (trx) => {
      await saveCloudStanding(trx, standing.companyId, connection.id, { messagingTier: standing.messagingTier, qualityRating: standing.qualityRating, wabaId: standing.wabaId, portfolioId: standing.portfolioId }, at);
      if (!standing.dropped) return;
      const drop = { event: standing.event, source: standing.source, qualityRating: standing.qualityRating, previousQuality: standing.previous.qualityRating, messagingTier: standing.messagingTier, previousTier: standing.previous.messagingTier };
      if (!(await noteQualityDrop(trx, connection.id, at, drop))) return;
      const guard = await readGuard(trx, standing.companyId, connection.id);
      const running: Row[] = await trx('campaigns')
        .where({ companyId: standing.companyId, status: 'EM_ANDAMENTO' })
        .whereRaw('? = ANY(whatsapp_ids)', [connection.id])
        .orderBy('id')
        .forUpdate();
      for (const row of running) await pauseForQuality(ctx, events, { trx, afterCommit: (fn) => void after.push(fn) }, row, connection, guard, at);
      if (running.length) ctx.log.warn({ connectionId: connection.id, campaigns: running.map((r) => r.id), drop }, 'campaigns paused: Meta lowered the number\'s standing');
    });
    for (const fn of after) await fn();
  };
}
