import type { CoreServices } from '../services.js';
import type { RegisteredChannel } from '../plugin-sdk/context.js';
import { createMessageSender } from './outbound-sender.js';
import { createOutboundWorker } from './outbound-worker.js';
import { enqueueDrain, enqueueMarkRead, enqueuePresence, enqueueSend, outboundQueue, JOB_ATTEMPTS, JOB_BACKOFF_MS, type OutboundJob } from './outbound-queue.js';
import { createSupervisor } from './supervisor.js';
import { createSessionCalls } from './session-calls.js';
import type { ChannelRuntime } from './runtime.js';
import { replayConnection } from '../realtime/replay.js';

export { createAuthStateStore } from './auth-state.js';
export { defineChannel } from './define-channel.js';
export { outboundQueue } from './outbound-queue.js';
export { leaseKey, RELEASED_TOPIC } from './supervisor.js';
export { EDIT_WINDOW_MS } from './outbound-sender.js';
export type { ChannelRuntime } from './runtime.js';
export { SESSION_CALL_TIMEOUT_MS, type SessionCall, type SessionCallResults } from './session-calls.js';


export function createChannelRuntime(core: CoreServices): ChannelRuntime {
  const registry = new Map<string, RegisteredChannel>();
  const consumed = new Set<number>();

  const pendingIds = (connectionId: number): Promise<number[]> =>
    core.db('messages').where({ whatsappId: connectionId, sendStatus: 'pending' }).orderBy('id').pluck('id');

  const requeuePending = async (connectionId: number): Promise<void> => {
    for (const id of await pendingIds(connectionId)) await enqueueSend(core.jobs, connectionId, id);
  };

  const supervisor = createSupervisor(
    core,
    (channel) => registry.get(channel),
    () => [...registry.keys()],
    {
      async onLeaseWon(connectionId) {
        if (!consumed.has(connectionId)) {
          consumed.add(connectionId);
          core.jobs.define<OutboundJob>(outboundQueue(connectionId), {
            concurrency: 1,
            handler: (job) => worker(job),
            rehydrate: async () =>
              (await pendingIds(connectionId)).map((messageId) => ({
                data: { kind: 'send', connectionId, messageId } as OutboundJob,
                opts: { jobId: `send-${messageId}`, attempts: JOB_ATTEMPTS, backoffMs: JOB_BACKOFF_MS },
              })),
          });
        }
        // A crash between store and send left rows pending: the database is the truth, jobIds dedupe.
        await requeuePending(connectionId);
        // A crash between a commit and its live event left agents on other nodes without it.
        void replayConnection(core, connectionId).catch((err: unknown) => core.log.warn({ err, connectionId }, 'recent messages not announced again'));
      },
      onReady(connectionId) {
        enqueueDrain(core.jobs, connectionId).catch((err: unknown) => core.log.warn({ err, connectionId }, 'outbound drain not enqueued'));
      },
      onSweep(connectionId) {
        requeuePending(connectionId).catch((err: unknown) => core.log.warn({ err, connectionId }, 'pending outbound not requeued'));
      },
    },
  );
  const worker = createOutboundWorker(core, (connectionId) => supervisor.readySession(connectionId));
  const calls = createSessionCalls(core, (connectionId) => supervisor.readySession(connectionId));

  return {
    register(definition) {
      if (registry.has(definition.channel)) throw new Error(`channel "${definition.channel}" is already registered`);
      registry.set(definition.channel, definition);
    },
    definitions: () => [...registry.values()],
    sender: createMessageSender(core, (channel) => registry.get(channel)?.capabilities ?? null),
    async start() {
      calls.start();
      await supervisor.start();
    },
    async stop() {
      calls.stop();
      await supervisor.stop();
    },
    held: () => supervisor.held(),
    call: calls.call,
    capabilities: (channel) => registry.get(channel)?.capabilities ?? null,
    async markRead(ticket, wids) {
      if (!ticket.whatsappId || !wids.length) return;
      const connection = await core.db('whatsapps').where({ id: ticket.whatsappId, companyId: ticket.companyId }).first('channel');
      if (!connection || !registry.get(connection.channel)?.capabilities.markRead) return;
      await enqueueMarkRead(core.jobs, ticket.whatsappId, ticket.contactId, wids);
    },
    async presence(ticket, state) {
      if (!ticket.whatsappId) return;
      const connection = await core.db('whatsapps').where({ id: ticket.whatsappId, companyId: ticket.companyId }).first('channel');
      if (!connection || !registry.get(connection.channel)?.capabilities.presence) return;
      await enqueuePresence(core.jobs, ticket.whatsappId, ticket.contactId, state);
    },
  };
}
