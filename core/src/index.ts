export { definePlugin, AppError, PermanentSendError, isPermanentSendError, secretMatches } from './plugin-sdk/types.js';
export type {
  AuthUser,
  PluginContext,
  PluginDefinition,
  Routes,
  SettingsService,
  PlansService,
  UsersService,
  UserSummary,
  SessionCaller,
  TicketRow,
  TransferOutcome,
  ChannelDefinition,
  WebhookRegistrar,
  ConnectionService,
  ConnectionSummary,
} from './plugin-sdk/types.js';
export type { Bus, BusMessage, BusHandler, Jobs, JobDefinition, JobOptions, Leases, Lease, Storage, StoredFile, StoredFileInfo, ByteRange, Realtime } from './plugin-sdk/ports.js';
export { StorageKeyError, StorageNotFoundError } from './ports/storage/storage-errors.js';
export { requireAdmin, requireSuper } from './auth/authenticate.js';
export { resolveCompanyMedia, companyMediaPath, type CompanyMedia } from './ports/storage/company-media.js';
export { createKernel, type Kernel, type KernelOptions } from './kernel.js';
export { loadConfig, type Config } from './config.js';
export { defineChannel } from './channels/define-channel.js';
export type {
  Ack,
  AuthStateStore,
  ChannelCapabilities,
  ChannelName,
  ChannelPeer,
  ChannelSession,
  ChannelTemplates,
  ConnectionInfo,
  DisconnectInfo,
  InboundMedia,
  MessageMediaType,
  NormalizedMessage,
  OutboundMessage,
  OutboundTemplate,
  PresenceState,
  OutboundPresence,
  SendResult,
  SessionIO,
  SessionStatus,
  TemplateChoice,
} from './plugin-sdk/channels.js';
export type {
  IngestService, IngestResult, MessageSender, MessageTranscripts, AudioMessage, SendRequest, PluginTickets, OutboundTicket, TicketPage, TicketDetails, TicketFacts,
  Conversations, OpenConversationRequest, OpenedConversation,
} from './plugin-sdk/tickets.js';
export type { RateLimits, RateLimitHit } from './plugin-sdk/ports.js';
export type { SessionCall, SessionCallResults } from './plugin-sdk/session-calls.js';
export type { BotRegistry, ConversationHandler, ConversationInput, ConversationOutcome, ConversationStarter, HandlerOptions, PluginBot, StarterInput } from './plugin-sdk/bot.js';
export { callOutside, outsideJson, OutsideServiceError, type OutsideCallOptions } from './bot/outside.js';
export { DestinationError, isPublicAddress, pinnedLookup, resolveDestination, type ResolvedDestination } from './outbound/destination.js';
export { generateSigningSecret, signatureHeader, verifySignatureHeader, SIGNATURE_TOLERANCE_S } from './outbound/signature.js';
export { guardedFetch } from './outbound/guarded-fetch.js';
export type { TimedHandler, TimedHandlerOptions, TimedJob, TimedWork, TimerSpec, WithinTransaction } from './plugin-sdk/timed-work.js';
export type { SlaBreach, SlaService } from './plugin-sdk/sla.js';
export { CAMPAIGN_REPLY_FLOW, campaignReplyFlowKey, type CampaignReplyFlow } from './plugin-sdk/campaign-flows.js';
export { TICKET_CHANGED, MESSAGE_CHANGED, type TicketChange, type MessageChange } from './messaging/ticket-events.js';
export { CONTACT_CHANGED, type ContactChange } from './contacts/contact-events.js';
export { findContact } from './contacts/contact-repository.js';
export { ticketDetails } from './messaging/ticket-details.js';
export { findMessage, toRecords } from './messaging/messages-repository.js';
export { secretBox, mask, isMasked, MASK, type SecretBox } from './secrets/secret-box.js';
export { generateConnectionToken } from './connections/token.js';
export { storeSingleUpload, type StoredUpload, type SingleUploadOptions } from './http/single-upload.js';
export { AuditActions, rowOf, type AuditRule, type AuditSnapshot, type RouteAuditOption } from './audit/index.js';
export { CONNECTION_ALERT, connectionAlertEvent, type ConnectionAlert, type ConnectionAlertChange } from './connections/down-alerts.js';
export { extensionOfName, mimeTypeOfExtension, mimeTypeOfName, contentTypeOfExtension, extensionOfMimeType } from './files/mime.js';
export { addDays, BUSINESS_ZONE, instantAt, localTime, plusOnWallClock, type LocalTime } from './clock/business-clock.js';
export { withinHours, type WeekdayHours } from './bot/hours.js';
export { outsidePolicy, retryPolicy, breakerFor, type OutsidePolicyOptions, type RetryOptions, type BreakerOptions } from './outside/policy.js';
