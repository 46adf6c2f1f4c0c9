// The messaging services' interfaces are part of the plugin SDK (a leaf); this path keeps its old importers working.
export type { IngestResult, IngestService, SendRequest, MessageSender, OutboundTicket, PluginTickets } from '../plugin-sdk/tickets.js';
