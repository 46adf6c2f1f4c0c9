// A channel's types are part of the plugin SDK (a leaf); this path keeps its old importers working.
export type * from '../plugin-sdk/channels.js';
export type { ChannelDefinition, WebhookRegistrar } from '../plugin-sdk/context.js';
