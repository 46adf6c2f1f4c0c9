import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { AnyPlanFlag, PlanFlagLabels } from '@guiche/contracts';
import type { Namespace } from 'socket.io';
import type { Bus, Jobs, Realtime, Storage, Leases, RateLimits } from './ports.js';
import type { ChannelCapabilities, ChannelName, ChannelSession, ChannelTemplates, ConnectionInfo, OutboundPresence, SessionIO } from './channels.js';
import type { IngestService, MessageSender, MessageTranscripts, PluginTickets, Conversations } from './tickets.js';
import type { SessionCaller } from './session-calls.js';
import type { PluginBot } from './bot.js';
import type { ConnectionService } from './connections.js';
import type { TimedWork } from './timed-work.js';
import type { SlaService } from './sla.js';
import type { Routes } from './http.js';
import type { PlansService, SettingsService, UsersService } from './platform.js';

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
  readonly messages: MessageSender & MessageTranscripts;
  /** Tickets with the core's visibility rule, live events and find-or-create rule (kanban, schedules). */
  readonly tickets: PluginTickets;
  /** The ingest pipeline channels feed (normally through SessionIO, not directly). */
  readonly ingest: IngestService;
  /** Registry of channel definitions; defineChannel() registers through it. */
  readonly channels: {
    register(definition: ChannelDefinition): void;
    /** Asks the connection's running session (wherever it runs); 400 ERR_WAPP_NOT_INITIALIZED when none answers. */
    call: SessionCaller;
    /**
     * Shows the ticket's contact "typing…" ('composing') or ends it ('paused'), through the
     * connection's ordered queue and its session's showPresence; a no-op on channels without presence.
     */
    presence(ticket: { companyId: number; whatsappId: number | null; contactId: number }, state: OutboundPresence): Promise<void>;
  };
  /** Contact + ticket of a number on a connection, created or reopened, for messages started outside the inbox. */
  readonly conversations: Conversations;
  /** The company's connections (read-only), instead of querying core's `whatsapps` table. */
  readonly connections: ConnectionService;
  /** Request counters per key shared by every node (Redis) or in-process (embedded). */
  readonly rateLimits: RateLimits;
  /**
   * Conversation handlers (ARCHITECTURE §10): a ticket with useIntegration on and an integration
   * (by its type) or a prompt ('openai') is handed to the registered handler for each customer
   * message, outside the ingest transaction, with a timeout; an error, a timeout or no handler
   * hands the ticket to a human.
   */
  readonly bot: PluginBot;
  readonly db: Knex;
  readonly bus: Bus;
  readonly jobs: Jobs;
  /**
   * Durable timers (rows claimed once across nodes and restarts). Timers of a tenant whose plan
   * lacks the plugin's flag are postponed, not fired.
   */
  readonly timedWork: TimedWork;
  /** SLA breaches: a durable timer of the plugin's own kind set with each breach (on-call's phone alert). */
  readonly sla: SlaService;
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
  /**
   * Gates routes, jobs, bus handlers and the web remote; null = always on. A flag core does not
   * know (`use` + PascalCase) is the plugin's own: give it `planFlagLabels`, and the super admin's
   * plan dialog lists it (stored in the plan's `pluginFlags`, no core edit).
   */
  planFlag: AnyPlanFlag | null;
  /** The label of a plugin's own flag in the plan dialog, in the four languages. */
  planFlagLabels?: PlanFlagLabels;
  /** Folder (relative to the plugin's entry module) of its knex migrations; own tracking table. */
  migrations?: string;
  /** Id of the web remote the shell loads when the flag is on (served at /modules/<id>/). */
  webModule?: string;
  register(ctx: PluginContext): void | Promise<void>;
}

export function definePlugin(definition: PluginDefinition): PluginDefinition {
  return definition;
}

/** Public (unauthenticated) HTTP routes of a channel: webhooks, a widget's script. */
export type WebhookRegistrar = (routes: Routes, ctx: PluginContext) => void | Promise<void>;

export interface ChannelDefinition {
  id: string;
  /** The channel's name (connections' `channel`): a new name needs no core edit. */
  channel: ChannelName;
  /** The flag creating such a connection needs (see PluginDefinition.planFlag). */
  planFlag: AnyPlanFlag | null;
  planFlagLabels?: PlanFlagLabels;
  capabilities: ChannelCapabilities;
  migrations?: string;
  webModule?: string;
  /**
   * A session for one connection, on the node that holds its lease. `ctx` is the context of the plugin
   * that registered this definition (its storage, settings, routes' hub …): no need to keep it aside in register().
   */
  createSession(connection: ConnectionInfo, io: SessionIO, ctx: PluginContext): ChannelSession;
  webhooks?: WebhookRegistrar;
  /** Channels with a customer-service window: their template check (core's birthday greeting asks it). */
  templates?: ChannelTemplates;
  /** Anything else the plugin wires (e.g. a socket.io namespace for visitors). */
  register?(ctx: PluginContext): void | Promise<void>;
}

/** A channel as the kernel runs it: its sessions bound to the context of the plugin that registered it. */
export interface RegisteredChannel extends Omit<ChannelDefinition, 'createSession'> {
  createSession(connection: ConnectionInfo, io: SessionIO): ChannelSession;
}
