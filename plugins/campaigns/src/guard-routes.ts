import { AppError, type PluginContext } from '@guiche/core';
import { idParams } from '@guiche/contracts';
import type { CampaignService } from './campaign-service.js';
import { mustBeAdmin } from './contact-lists.js';
import { capForDay, GUARD_DEFAULTS, warmupDay } from './guard-rules.js';
import { CLOUD_CHANNEL, tierRoom } from './cloud-guard.js';
import { listDecisions, readGuard, saveGuard, sentToday } from './guard-store.js';
import { guardInputSchema, guardParamsSchema } from './schemas.js';

const TAGS = ['campaigns'];
type Ctx = Pick<PluginContext, 'routes' | 'db' | 'connections'>;

/** Ban guardrails: a connection's limits (read by all, saved by admins), a campaign's guard log, the resume click. */
export function registerGuardRoutes(ctx: Ctx, campaigns: CampaignService): void {
  const { routes } = ctx;
  const mustFindConnection = async (companyId: number, id: number) => {
    const connection = await ctx.connections.find(companyId, id);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return connection;
  };
  /** The guard of a connection as the page shows it: limits, defaults, today's cap and use. */
  const view = async (companyId: number, connectionId: number) => {
    const connection = await mustFindConnection(companyId, connectionId);
    const guard = await readGuard(ctx.db, companyId, connectionId);
    const now = new Date();
    const day = warmupDay(guard.firstSendAt, now);
    const room = connection.channel === CLOUD_CHANNEL ? await tierRoom(ctx.db, guard, companyId, now) : undefined;
    // A Cloud API connection follows Meta: its tier's limit (null = unlimited) and the unique recipients of the
    // last 24 h across the company's connections of the same business portfolio (`sharedWith`, this one included).
    const cloud =
      room === undefined
        ? null
        : { messagingTier: guard.messagingTier, qualityRating: guard.qualityRating, limit: room?.limit ?? null, recipients24h: room?.recipients ?? null, portfolioId: guard.portfolioId, sharedWith: room?.connections ?? null, standingAt: guard.standingAt, qualityDroppedAt: guard.qualityDroppedAt };
    return { ...guard, connectionName: connection.name, channel: connection.channel, defaults: GUARD_DEFAULTS, warmupDay: day, capToday: capForDay(guard, day), sentToday: await sentToday(ctx.db, connectionId, now), cloud };
  };

  routes.get('/campaign-guards/:whatsappId', { schema: { tags: TAGS, params: guardParamsSchema } }, (r) => view(r.auth.companyId, r.params.whatsappId));
  routes.put('/campaign-guards/:whatsappId', { schema: { tags: TAGS, params: guardParamsSchema, body: guardInputSchema } }, async (r) => {
    mustBeAdmin(r.auth);
    await mustFindConnection(r.auth.companyId, r.params.whatsappId);
    await saveGuard(ctx.db, r.auth.companyId, r.params.whatsappId, r.body);
    return view(r.auth.companyId, r.params.whatsappId);
  });
  routes.get('/campaigns/:id/guard', { schema: { tags: TAGS, params: idParams } }, async (r) => {
    const campaign = await campaigns.mustFind(r.auth.companyId, r.params.id);
    return { pauseReason: campaign.pauseReason, decisions: await listDecisions(ctx.db, r.auth.companyId, campaign.id) };
  });
  routes.post('/campaigns/:id/resume', { schema: { tags: TAGS, params: idParams } }, (r) => campaigns.resume(r.auth, r.params.id));
}
