/** The plugin's tables (knex camelCase names of the flow_builder_* migrations). */
export const FLOWS = 'flowBuilderFlows';
export const VERSIONS = 'flowBuilderVersions';
export const COUNTERS = 'flowBuilderNodeCounters';
export const TRIGGERS = 'flowBuilderTriggers';
export const CAMPAIGN_REPLIES = 'flowBuilderCampaignReplies';
