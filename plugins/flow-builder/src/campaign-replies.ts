import { CAMPAIGN_REPLY_FLOW, type CampaignReplyFlow, type PluginContext, type StarterInput } from '@guiche/core';
import { CAMPAIGN_REPLIES, FLOWS } from './tables.js';
import { CAMPAIGN_REPLY_DAYS, type TriggerCache } from './trigger-cache.js';

/**
 * The campaigns module's message reached a contact and the campaign names a flow (timed work of
 * core's `CAMPAIGN_REPLY_FLOW` kind, scheduled in the dispatch's transaction): the contact's next
 * reply on the connection starts it. A flow of another company, or one deleted since, is ignored.
 * Once per contact per campaign: a row already there (the campaign sent again after a restart) stays as it is.
 */
export function defineCampaignReplies(ctx: Pick<PluginContext, 'timedWork' | 'log'>, cache: Pick<TriggerCache, 'changed' | 'campaignReplies'>): void {
  ctx.timedWork.define<CampaignReplyFlow>(CAMPAIGN_REPLY_FLOW, async (job) => {
    const { trx, payload } = job;
    const companyId = job.companyId ?? 0;
    if (!(await trx(FLOWS).where({ companyId, id: payload.flowId }).first('id'))) {
      ctx.log.warn({ companyId, campaignId: payload.campaignId, flowId: payload.flowId }, 'campaign reply flow: no such flow');
      return;
    }
    // Whether this node's starters already look for waiting replies (read before the insert sees it).
    const alreadyLooking = await cache.campaignReplies(companyId, trx);
    const inserted = await trx(CAMPAIGN_REPLIES)
      .insert({ companyId, campaignId: payload.campaignId, flowId: payload.flowId, contactId: payload.contactId, connectionId: payload.connectionId })
      .onConflict(['campaignId', 'contactId'])
      .ignore()
      .returning('id');
    // Every node's starter must look for it from now on: told once, when none was waiting — not per
    // contact of a campaign (each publish drops every node's trigger cache). A copy that missed it
    // lives TTL_MS at most (trigger-cache.ts).
    if (inserted.length && !alreadyLooking) job.afterCommit(() => cache.changed(companyId));
  });
}

/**
 * In the message's ingest transaction (the starter, a ticket no agent, handler or menu holds): the
 * newest campaign flow waiting for this contact's reply on the connection, if its flow is
 * published; taken (started) here, so a second reply never starts it again. Answers the flow and
 * its live version (the run is pinned to it).
 */
export async function campaignReplyFlow(cache: TriggerCache, input: Pick<StarterInput, 'trx' | 'companyId' | 'connectionId' | 'ticket'>): Promise<{ flowId: number; versionId: number } | null> {
  const { trx, companyId, connectionId, ticket } = input;
  if (!(await cache.campaignReplies(companyId, trx))) return null;
  const waiting = await trx(CAMPAIGN_REPLIES)
    .join(FLOWS, `${FLOWS}.id`, `${CAMPAIGN_REPLIES}.flowId`)
    .where({ [`${CAMPAIGN_REPLIES}.companyId`]: companyId, [`${CAMPAIGN_REPLIES}.contactId`]: ticket.contactId, [`${CAMPAIGN_REPLIES}.connectionId`]: connectionId })
    .whereNull(`${CAMPAIGN_REPLIES}.startedAt`)
    .whereNotNull(`${FLOWS}.liveVersionId`)
    .whereRaw(`flow_builder_campaign_replies.created_at > now() - interval '${CAMPAIGN_REPLY_DAYS} days'`)
    .orderBy(`${CAMPAIGN_REPLIES}.id`, 'desc')
    .forUpdate(CAMPAIGN_REPLIES)
    .skipLocked()
    .first(`${CAMPAIGN_REPLIES}.id`, `${CAMPAIGN_REPLIES}.flowId`, `${FLOWS}.liveVersionId`);
  if (!waiting) return null;
  await trx(CAMPAIGN_REPLIES).where({ id: waiting.id }).update({ startedAt: trx.fn.now(), ticketId: ticket.id });
  return { flowId: waiting.flowId, versionId: waiting.liveVersionId };
}
