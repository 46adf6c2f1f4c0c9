import { CAMPAIGN_REPLY_FLOW, campaignReplyFlowKey, type CampaignReplyFlow, type PluginContext } from '@guiche/core';
import type { Knex } from 'knex';
import type { CampaignRow } from './campaign-repository.js';

/**
 * The campaign names a flow: in the claim's transaction that stores the contact's message, the flow
 * builder is told (a timed-work row of its kind, core's plugin-sdk `campaign-flows.ts`) that the
 * contact's reply on this connection starts the flow. Once per contact per campaign (the key); a
 * confirmation campaign arms it with the message that follows the yes, not with the question.
 */
export async function armReplyFlow(ctx: Pick<PluginContext, 'timedWork'>, trx: Knex.Transaction, row: CampaignRow, connectionId: number, contactId: number, now: Date): Promise<void> {
  if (!row.flowId) return;
  await ctx.timedWork.schedule<CampaignReplyFlow>(
    { kind: CAMPAIGN_REPLY_FLOW, key: campaignReplyFlowKey(row.id, contactId), companyId: row.companyId, dueAt: now, payload: { campaignId: row.id, flowId: row.flowId, contactId, connectionId } },
    trx,
  );
}
