export { definePlugin, AppError } from './plugin-sdk/types.js';
export type {
  AuthUser,
  PluginContext,
  PluginDefinition,
  Routes,
  SettingsService,
  PlansService,
  UsersService,
  UserSummary,
} from './plugin-sdk/types.js';
export type { Bus, BusMessage, BusHandler, Jobs, JobDefinition, JobOptions, Leases, Lease, Storage, StoredFile, StoredFileInfo, ByteRange, Realtime } from './ports/types.js';
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
  ChannelDefinition,
  ChannelName,
  ChannelPeer,
  ChannelSession,
  ConnectionInfo,
  DisconnectInfo,
  InboundMedia,
  MessageMediaType,
  NormalizedMessage,
  OutboundMessage,
  PresenceState,
  SendResult,
  SessionIO,
  SessionStatus,
} from './channels/types.js';
export type { IngestService, IngestResult, MessageSender, SendRequest, PluginTickets, OutboundTicket } from './messaging/types.js';
export type { TicketPage } from './messaging/tickets-list.js';
export type { TicketDetails } from './messaging/ticket-details.js';
export type { Conversations, OpenConversationRequest, OpenedConversation } from './messaging/plugin-conversations.js';
export type { RateLimits, RateLimitHit } from './ports/types.js';
export type { SessionCall, SessionCallResults } from './channels/index.js';
export type { BotRegistry, ConversationHandler, ConversationInput, ConversationOutcome, HandlerOptions } from './bot/handlers.js';
export { callOutside, outsideJson, OutsideServiceError, type OutsideCallOptions } from './bot/outside.js';
export type { TimedHandler, TimedHandlerOptions, TimedJob, TimedWork, TimerSpec, WithinTransaction } from './timed-work/index.js';
export { TICKET_CHANGED, MESSAGE_CHANGED, type TicketChange, type MessageChange } from './messaging/ticket-events.js';
export { CONTACT_CHANGED, type ContactChange } from './contacts/contact-events.js';
export { ticketDetails } from './messaging/ticket-details.js';
export { findMessage, toRecords } from './messaging/messages-repository.js';
export { secretBox, mask, isMasked, MASK, type SecretBox } from './secrets/secret-box.js';
export { generateConnectionToken } from './connections/token.js';
export { storeSingleUpload, type StoredUpload, type SingleUploadOptions } from './http/single-upload.js';
