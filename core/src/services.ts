import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from './config.js';
import type { Bus, Jobs, Leases, RateLimits, Realtime, Storage } from './plugin-sdk/ports.js';
import type { SettingsService, UsersService } from './plugin-sdk/platform.js';
import type { CorePlans } from './domain/plans.js';
import type { LoadedPlugin } from './plugins/loader.js';
import type { ChannelRuntime } from './channels/runtime.js';
import type { IngestService } from './plugin-sdk/tickets.js';
import type { ConnectionCache } from './connections/connection-cache.js';
import type { Server as SocketIoServer } from 'socket.io';
import type { HandlerRegistry } from './bot/handler-registry.js';
import type { TimedWorkRuntime } from './timed-work/index.js';
import type { TokenGate } from './auth/token-gate.js';
import type { OpsMetrics } from './ops/metrics.js';
import type { AuditLog } from './audit/audit-log.js';
import type { SlaBreachTimers } from './sla/breach-timers.js';

/** What the kernel's own routes and the plugin contexts are built from. */
export interface CoreServices {
  config: Config;
  db: Knex;
  bus: Bus;
  jobs: Jobs;
  leases: Leases;
  storage: Storage;
  rateLimits: RateLimits;
  realtime: Realtime;
  plans: CorePlans;
  settings: SettingsService & { all(companyId: number): Promise<Record<string, string>> };
  users: UsersService;
  plugins: LoadedPlugin[];
  channels: ChannelRuntime;
  ingest: IngestService;
  /** Connection rows ingest reads per message; the connections service invalidates them. */
  connectionCache: ConnectionCache;
  /** Conversation handlers (integrations, prompts) the bot hands tickets to (ARCHITECTURE §10). */
  bot: HandlerRegistry;
  /** Durable timers: rows claimed once by whichever node finds them due. */
  timedWork: TimedWorkRuntime;
  io: SocketIoServer;
  log: FastifyBaseLogger;
  /** tokenVersion: users.token_version (0 when omitted); a token of an older version is refused. */
  signAccessToken(user: { id: number; companyId: number; profile: string; super: boolean; tokenVersion?: number }): string;
  /** Refuses access tokens of deleted users, old token versions and deleted/switched-off companies at once. */
  tokens: TokenGate;
  /** This kernel's Prometheus counters (core/src/ops): labels never carry tenant ids. */
  metrics: OpsMetrics;
  /** The append-only audit log (core/src/audit): configuration changes, sign-ins, exports. */
  audit: AuditLog;
  /** Timed-work kinds plugins have set in the transaction of each SLA breach (core/src/sla). */
  slaBreachTimers: SlaBreachTimers;
}
