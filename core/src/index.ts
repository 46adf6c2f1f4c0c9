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
export type { Bus, BusMessage, BusHandler, Jobs, JobDefinition, JobOptions, Leases, Lease, Storage, StoredFile, Realtime } from './ports/types.js';
export { requireAdmin, requireSuper } from './auth/authenticate.js';
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
export type { IngestService, IngestResult, MessageSender, SendRequest } from './messaging/types.js';
