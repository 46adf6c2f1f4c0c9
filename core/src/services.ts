import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from './config.js';
import type { Bus, Jobs, Leases, Realtime, Storage } from './ports/types.js';
import type { PlansService, SettingsService, UsersService } from './plugin-sdk/types.js';
import type { LoadedPlugin } from './plugins/loader.js';
import type { ChannelRuntime } from './channels/index.js';
import type { IngestService } from './messaging/types.js';
import type { ConnectionCache } from './connections/connection-cache.js';
import type { Server as SocketIoServer } from 'socket.io';

/** What the kernel's own routes and the plugin contexts are built from. */
export interface CoreServices {
  config: Config;
  db: Knex;
  bus: Bus;
  jobs: Jobs;
  leases: Leases;
  storage: Storage;
  realtime: Realtime;
  plans: PlansService & { invalidate(companyId?: number | null): void };
  settings: SettingsService & { all(companyId: number): Promise<Record<string, string>> };
  users: UsersService;
  plugins: LoadedPlugin[];
  channels: ChannelRuntime;
  ingest: IngestService;
  /** Connection rows ingest reads per message; the connections service invalidates them. */
  connectionCache: ConnectionCache;
  io: SocketIoServer;
  log: FastifyBaseLogger;
  signAccessToken(user: { id: number; companyId: number; profile: string; super: boolean }): string;
}
