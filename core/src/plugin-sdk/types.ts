import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Knex } from 'knex';
import type { PlanFlag, ErrorCode } from '@guiche/contracts';
import type { Namespace } from 'socket.io';
import type { Bus, Jobs, Realtime, Storage, Leases, RateLimits } from '../ports/types.js';
import type { ChannelDefinition } from '../channels/types.js';
import type { IngestService, MessageSender, PluginTickets } from '../messaging/types.js';
import type { Conversations } from '../messaging/plugin-conversations.js';
import type { SessionCall, SessionCallResults } from '../channels/session-calls.js';
import type { BotRegistry } from '../bot/handlers.js';
import type { TimedWork } from '../timed-work/index.js';

/** Identity carried by the access token; set on every authenticated request as request.auth. */
export interface AuthUser {
  id: number;
  companyId: number;
  profile: 'admin' | 'user';
  super: boolean;
}

export type Routes = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export interface SettingsService {
  /** Company setting by key (falls back to the default of @guiche/contracts SettingDefaults). */
  get(companyId: number, key: string): Promise<string>;
  set(companyId: number, key: string, value: string): Promise<void>;
}

export interface PlansService {
  /** The flags of the company's plan, cached per company, invalidated through the bus. */
  flags(companyId: number): Promise<Record<PlanFlag, boolean>>;
  has(companyId: number, flag: PlanFlag): Promise<boolean>;
}

export interface UserSummary {
  id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  companyId: number;
  online: boolean;
}
export interface UsersService {
  /** Users of one company among ids; ids of other companies are silently absent. */
  findMany(companyId: number, ids: number[]): Promise<UserSummary[]>;
  findById(companyId: number, id: number): Promise<UserSummary | null>;
}

export interface PluginContext {
  readonly id: string;
  /**
   * An encapsulated Fastify scope mounted under the API base (/api). Every route in it requires a
   * valid access token and, when the plugin has a planFlag, that the company's plan enables it
   * (403 ERR_NO_PERMISSION / ERR_PLAN_DISABLED otherwise). request.auth holds the caller.
   */
  readonly routes: Routes;
  /**
   * Routes under the API base WITHOUT authentication or plan gating: webhooks and widget
   * endpoints that authenticate by other means (signatures, a connection token).
   */
  readonly publicRoutes: Routes;
  /** A socket.io namespace of the plugin's own (e.g. website visitors); its auth is the plugin's. */
  socketNamespace(name: string): Namespace;
  /** Outbound delivery of ticket messages (store, then the connection's ordered queue). */
  readonly messages: MessageSender;
  /** Tickets with the core's visibility rule, live events and find-or-create rule (kanban, schedules). */
  readonly tickets: PluginTickets;
  /** The ingest pipeline channels feed (normally through SessionIO, not directly). */
  readonly ingest: IngestService;
  /** Registry of channel definitions; defineChannel() registers through it. */
  readonly channels: {
    register(definition: ChannelDefinition): void;
    /** Asks the connection's running session (wherever it runs); 400 ERR_WAPP_NOT_INITIALIZED when none answers. */
    call<M extends SessionCall['method']>(connectionId: number, call: Extract<SessionCall, { method: M }>, failure?: ErrorCode): Promise<SessionCallResults[M]>;
  };
  /** Contact + ticket of a number on a connection, created or reopened, for messages started outside the inbox. */
  readonly conversations: Conversations;
  /** Request counters per key shared by every node (Redis) or in-process (embedded). */
  readonly rateLimits: RateLimits;
  /**
   * Conversation handlers (ARCHITECTURE §10): a ticket with useIntegration on and an integration
   * (by its type) or a prompt ('openai') is handed to the registered handler for each customer
   * message, outside the ingest transaction, with a timeout; an error, a timeout or no handler
   * hands the ticket to a human.
   */
  readonly bot: BotRegistry;
  readonly db: Knex;
  readonly bus: Bus;
  readonly jobs: Jobs;
  /**
   * Durable timers (rows claimed once across nodes and restarts). Timers of a tenant whose plan
   * lacks the plugin's flag are postponed, not fired.
   */
  readonly timedWork: TimedWork;
  readonly realtime: Realtime;
  readonly storage: Storage;
  readonly leases: Leases;
  readonly settings: SettingsService;
  readonly plans: PlansService;
  readonly users: UsersService;
  readonly log: FastifyBaseLogger;
  readonly config: Record<string, unknown>;
}

export interface PluginDefinition {
  /** kebab-case, unique. */
  id: string;
  kind: 'module' | 'channel';
  /** Gates routes, jobs, bus handlers and the web remote; null = always on. */
  planFlag: PlanFlag | null;
  /** Folder (relative to the plugin's entry module) of its knex migrations; own tracking table. */
  migrations?: string;
  /** Id of the web remote the shell loads when the flag is on (served at /modules/<id>/). */
  webModule?: string;
  register(ctx: PluginContext): void | Promise<void>;
}

export function definePlugin(definition: PluginDefinition): PluginDefinition {
  return definition;
}

/** Throw from a handler: answered as { error: code } with the status, never a 500. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly statusCode = 400,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser;
  }
  interface FastifyContextConfig {
    /**
     * A public route called from customers' sites (the website chat's): CORS for any origin,
     * without credentials, and a cross-origin resource policy (core/src/http/cors.ts). The route
     * itself decides which sites it serves (e.g. 403 for a site its connection does not allow).
     */
    publicCors?: boolean;
  }
}
export type { FastifyReply, FastifyRequest };
