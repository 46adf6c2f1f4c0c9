import { claimTicketIn, continueConversationIn } from '../bot/handlers.js';
import type { FastifyRequest } from 'fastify';
import { createConnectionService } from '../connections/connection-service.js';
import type { AnyPlanFlag } from '@guiche/contracts';
import { AppError, type PluginContext, type PluginDefinition, type Routes } from '../plugin-sdk/types.js';
import type { Bus, Jobs } from '../ports/types.js';
import type { CoreServices } from '../services.js';
import { createPluginTickets } from '../messaging/plugin-tickets.js';
import { createConversations } from '../messaging/plugin-conversations.js';
import { createMessageTranscripts } from '../messaging/message-transcripts.js';
import type { TimedHandler, TimedHandlerOptions, TimedWork } from '../timed-work/index.js';

function companyIdOf(data: unknown): number | null {
  const id = (data as { companyId?: unknown } | null)?.companyId;
  return typeof id === 'number' ? id : null;
}

/** The bus as a plugin sees it: its handlers do not run for tenants whose plan lacks its flag. */
function gatedBus(bus: Bus, core: CoreServices, flag: AnyPlanFlag | null): Bus {
  if (!flag) return bus;
  return {
    publish: (topic, payload, meta) => bus.publish(topic, payload, meta),
    subscribe: (topic, handler) =>
      bus.subscribe(topic, async (message) => {
        if (message.companyId && !(await core.plans.has(message.companyId, flag))) return;
        await handler(message as never);
      }),
    close: () => bus.close(),
  };
}

/** Jobs as a plugin sees them: a job whose data names a tenant without the flag is skipped. */
function gatedJobs(jobs: Jobs, core: CoreServices, flag: AnyPlanFlag | null, log: CoreServices['log']): Jobs {
  if (!flag) return jobs;
  return {
    ...jobs,
    define: (queue, definition) =>
      jobs.define(queue, {
        ...definition,
        handler: async (data, meta) => {
          const companyId = companyIdOf(data);
          if (companyId && !(await core.plans.has(companyId, flag))) {
            log.info({ queue, companyId }, 'job skipped: plan flag off');
            return;
          }
          await definition.handler(data, meta);
        },
      }),
    enqueue: (queue, data, opts) => jobs.enqueue(queue, data, opts),
    schedule: (id, queue, when, data) => jobs.schedule(id, queue, when, data),
    unschedule: (id, queue) => jobs.unschedule(id, queue),
    start: () => jobs.start(),
    close: () => jobs.close(),
  };
}

/** How long a plugin's timer of a tenant without the flag waits before it is looked at again. */
export const GATED_TIMER_RETRY_MS = 5 * 60_000;

/**
 * Timed work as a plugin sees it: a timer of a tenant whose plan lacks the flag is not fired but
 * set again later, so switching the module back on resumes it instead of losing it.
 */
function gatedTimedWork(timedWork: TimedWork, plans: CoreServices['plans'], flag: AnyPlanFlag | null, log: CoreServices['log']): TimedWork {
  if (!flag) return timedWork;
  return {
    define: <T>(kind: string, handler: TimedHandler<T>, options?: TimedHandlerOptions) =>
      timedWork.define<T>(
        kind,
        async (job) => {
          // Core's plan cache (cleared on every node by a plan change); a miss reads through the claim's
          // transaction: on the embedded default a query outside it would wait for it.
          const enabled = job.companyId ? await plans.has(job.companyId, flag, job.trx) : true;
          if (!enabled) {
            log.info({ kind, companyId: job.companyId }, 'timer postponed: plan flag off');
            return { rescheduleAt: new Date(job.now.getTime() + GATED_TIMER_RETRY_MS) };
          }
          return handler(job);
        },
        options,
      ),
    schedule: (timer, trx) => timedWork.schedule(timer, trx),
    cancel: (kind, key, trx) => timedWork.cancel(kind, key, trx),
    runDue: (now) => timedWork.runDue(now),
  };
}

/** onRequest hook of a plugin scope: the company's plan must enable the plugin's flag. */
export function planGate(core: CoreServices, flag: AnyPlanFlag) {
  return async (request: FastifyRequest) => {
    // `feature` names the module the plan lacks: the web says which, not just "the plan" (#32).
    if (!(await core.plans.has(request.auth.companyId, flag))) throw new AppError('ERR_PLAN_DISABLED', 403, { feature: flag });
  };
}

export function createPluginContext(
  definition: PluginDefinition,
  routes: Routes,
  publicRoutes: Routes,
  core: CoreServices,
  config: Record<string, unknown>,
): PluginContext {
  const log = core.log.child({ plugin: definition.id });
  const ctx: PluginContext = {
    id: definition.id,
    routes,
    publicRoutes,
    socketNamespace: (name) => core.io.of(name.startsWith('/') ? name : `/${name}`),
    messages: { ...core.channels.sender, ...createMessageTranscripts(core) },
    tickets: createPluginTickets(core),
    ingest: core.ingest,
    channels: {
      // A channel's sessions get the context of the plugin that registered it (no module-level late binding).
      register: (channel) => core.channels.register({ ...channel, createSession: (connection, io) => channel.createSession(connection, io, ctx) }),
      call: (connectionId, call, failure) => core.channels.call(connectionId, call, failure),
      presence: (ticket, state) => core.channels.presence(ticket, state),
    },
    conversations: createConversations(core),
    connections: createConnectionService(core.db, core.bus),
    rateLimits: core.rateLimits,
    bot: { registerHandler: (type, handler, options) => core.bot.registerHandler(type, handler, options), registerStarter: (starter, options) => core.bot.registerStarter(starter, options),
      continueConversation: (within, ref, step) => continueConversationIn(core, within, ref, step),
      claimTicket: (within, ref, type) => claimTicketIn(core, within, ref, type),
    },
    db: core.db,
    bus: gatedBus(core.bus, core, definition.planFlag),
    jobs: gatedJobs(core.jobs, core, definition.planFlag, log),
    timedWork: gatedTimedWork(core.timedWork, core.plans, definition.planFlag, log),
    sla: { timerOnBreach: (kind) => core.slaBreachTimers.add(kind, definition.planFlag) },
    realtime: core.realtime,
    storage: core.storage,
    leases: core.leases,
    settings: core.settings,
    plans: core.plans,
    users: core.users,
    log,
    config,
  };
  return ctx;
}
