/**
 * A campaign may name a flow of the flow builder that starts when a contact replies to its message
 * (issue 34). Plugins never import each other, so the hand-over is a timed-work row: the campaigns
 * module schedules it (kind `CAMPAIGN_REPLY_FLOW`, due at once) in the dispatch claim's transaction
 * that stores the contact's message, and the flow builder defines the kind — it notes that the
 * contact's next reply on that connection starts the flow. Claimed once, it survives kill -9 and
 * never depends on a bus message; a row of a company whose plan lost the flow builder waits.
 */
export const CAMPAIGN_REPLY_FLOW = 'flow-builder.campaign-reply';

export interface CampaignReplyFlow {
  campaignId: number;
  /** A flow of the company (the flow builder checks it: another company's or a deleted one is ignored). */
  flowId: number;
  contactId: number;
  connectionId: number;
}

/** The timer's key: one per contact per campaign. */
export const campaignReplyFlowKey = (campaignId: number, contactId: number): string => `${campaignId}:${contactId}`;
