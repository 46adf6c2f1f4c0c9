import type { CoreServices } from '../services.js';
import type { Lease } from '../ports/types.js';
import { setSessionState } from '../connections/session.js';
import { ConnectionTopics, type ConnectionsRestartPayload, type ConnectionTopicPayload } from '../connections/topics.js';
import type { AuthStateStore, ChannelSession, ConnectionInfo, DisconnectInfo, SessionStatus } from './types.js';
import type { RegisteredChannel } from '../plugin-sdk/context.js';
import { createAuthStateStore } from './auth-state.js';
import { loadConnectionInfo } from './connection-info.js';
import { createSessionIO } from './session-io.js';
import { HEALTHY_AFTER_MS, reconnectDelay } from './backoff.js';
import type { ReadySession } from './outbound-worker.js';

export const SWEEP_INTERVAL_MS = 30_000;
/** Published by a node that lets its sessions go (shutdown), so another node takes them over at once. */
export const RELEASED_TOPIC = 'core.channels.released';

export const leaseKey = (connectionId: number): string => `connection:${connectionId}`;

interface Runner {
  id: number;
  companyId: number;
  definition: RegisteredChannel;
  /** The object the session was given; updated in place when the connection's settings change. */
  info: ConnectionInfo;
  authState: AuthStateStore;
  lease: Lease;
  session: ChannelSession | null;
  /** Bumped whenever the session is replaced or stopped: reports of older generations are ignored. */
  generation: number;
  status: SessionStatus | null;
  /** Consecutive failures since the session was last healthy, for the backoff. */
  failures: number;
  retryTimer?: NodeJS.Timeout;
  healthyTimer?: NodeJS.Timeout;
  ended: boolean;
}

export interface SupervisorHooks {
  /** This node now holds the connection: consume its outbound queue and requeue what is pending. */
  onLeaseWon(connectionId: number): Promise<void>;
  /** The session reported CONNECTED: deliver what waits. */
  onReady(connectionId: number): void;
  /** Periodic repair for a held connection (lost triggers are rebuilt from the database). */
  onSweep(connectionId: number): void;
}

/**
 * Runs each connection's session on exactly one node: the holder of the lease connection:<id>.
 * Every operation on one connection runs in order on this node (a promise chain per id), so bus
 * topics, disconnect reports, timers and the sweep never interleave on the same session.
 */
export function createSupervisor(core: CoreServices, definitionOf: (channel: string) => RegisteredChannel | undefined, channels: () => string[], hooks: SupervisorHooks) {
  const log = core.log.child({ component: 'channel-supervisor' });
  const runners = new Map<number, Runner>();
  const chains = new Map<number, Promise<void>>();
  /** Connections that should run somewhere (from the sweep): the watcher races for their lapsed leases. */
  const wanted = new Set<number>();
  /** Sessions whose lease was lost and that are still stopping: this node starts no new one before. */
  const stopping = new Map<number, Promise<void>>();
  const leaseTtlMs = core.config.CHANNEL_LEASE_TTL_MS;
  const unsubscribes: (() => void)[] = [];
  let sweepTimer: NodeJS.Timeout | undefined;
  let watchTimer: NodeJS.Timeout | undefined;
  let closing = false;

  function serial(id: number, op: () => Promise<void>): Promise<void> {
    const next = (chains.get(id) ?? Promise.resolve())
      .then(op)
      .catch((err: unknown) => log.error({ err, connectionId: id }, 'session operation failed'));
    chains.set(id, next);
    void next.finally(() => {
      if (chains.get(id) === next) chains.delete(id);
    });
    return next;
  }

  function clearTimers(runner: Runner): void {
    clearTimeout(runner.retryTimer);
    clearTimeout(runner.healthyTimer);
    runner.retryTimer = undefined;
    runner.healthyTimer = undefined;
  }

  /** Stops the running session (keeping its auth state); its later reports are ignored. */
  async function stopSession(runner: Runner, how: 'stop' | 'logout' = 'stop'): Promise<void> {
    runner.generation++;
    clearTimers(runner);
    const session = runner.session;
    runner.session = null;
    runner.status = null;
    if (!session) return;
    await (how === 'logout' ? session.logout() : session.stop()).catch((err: unknown) =>
      log.warn({ err, connectionId: runner.id }, `session ${how} failed`),
    );
  }

  async function end(runner: Runner): Promise<void> {
    runner.ended = true;
    clearTimers(runner);
    if (runners.get(runner.id) === runner) runners.delete(runner.id);
    await runner.lease.release().catch((err: unknown) => log.warn({ err, connectionId: runner.id }, 'lease release failed'));
  }

  function scheduleReconnect(runner: Runner): void {
    if (runner.ended || runner.retryTimer) return;
    runner.failures++;
    const delay = reconnectDelay(runner.failures);
    log.info({ connectionId: runner.id, failures: runner.failures, delay }, 'session reconnect scheduled');
    runner.retryTimer = setTimeout(() => {
      runner.retryTimer = undefined;
      void serial(runner.id, async () => {
        if (!runner.ended && !runner.session && !closing) await startSession(runner);
      });
    }, delay);
  }

  function onStatus(runner: Runner, generation: number, status: SessionStatus): void {
    if (runner.generation !== generation) return;
    runner.status = status;
    if (status !== 'CONNECTED') return;
    clearTimeout(runner.healthyTimer);
    runner.healthyTimer = setTimeout(() => {
      if (runner.generation === generation) runner.failures = 0;
    }, HEALTHY_AFTER_MS);
    hooks.onReady(runner.id);
  }

  async function onDisconnected(runner: Runner, generation: number, info: DisconnectInfo): Promise<void> {
    if (runner.ended || runner.generation !== generation) return;
    log.info({ connectionId: runner.id, ...info }, 'session disconnected');
    switch (info.action) {
      case 'reconnect':
        await stopSession(runner);
        scheduleReconnect(runner);
        return;
      case 'restart':
        await stopSession(runner);
        await startSession(runner);
        return;
      case 'stop': {
        await stopSession(runner);
        await end(runner);
        // Stays down on every node until someone asks for a start: the sweep skips DISCONNECTED.
        const stored = await core.db('whatsapps').where({ id: runner.id }).first('status');
        if (stored && stored.status !== 'DISCONNECTED') await setSessionState(core, runner.companyId, runner.id, { status: 'DISCONNECTED' });
        return;
      }
      case 'logout':
        await stopSession(runner);
        await runner.authState.clear();
        await setSessionState(core, runner.companyId, runner.id, { status: 'DISCONNECTED', qrcode: null, retries: 0, session: null }).catch(() => undefined);
        await end(runner);
        return;
    }
  }

  async function startSession(runner: Runner): Promise<void> {
    if (runner.ended || closing) return;
    const generation = ++runner.generation;
    clearTimers(runner);
    runner.status = null;
    const io = createSessionIO(core, runner.info, runner.authState, log.child({ connectionId: runner.id, channel: runner.info.channel }), {
      current: () => !runner.ended && runner.generation === generation,
      onStatus: (status) => onStatus(runner, generation, status),
      onDisconnected: (info) => void serial(runner.id, () => onDisconnected(runner, generation, info)),
    });
    let session: ChannelSession;
    try {
      session = runner.definition.createSession(runner.info, io);
      runner.session = session;
      await session.start();
    } catch (err) {
      log.warn({ err, connectionId: runner.id }, 'session start failed');
      if (runner.generation !== generation || runner.ended) return;
      await stopSession(runner);
      scheduleReconnect(runner);
    }
  }

  /** Runs the connection here if it should run, nobody holds it, and this node wins its lease. */
  async function claim(id: number, options: { clearAuth?: boolean } = {}): Promise<void> {
    if (closing || runners.has(id)) return;
    await stopping.get(id);
    const info = await loadConnectionInfo(core.db, id);
    const definition = info && info.status !== 'DISCONNECTED' ? definitionOf(info.channel) : undefined;
    if (!info || !definition || (definition.planFlag && !(await core.plans.has(info.companyId, definition.planFlag)))) {
      wanted.delete(id);
      return;
    }
    wanted.add(id);
    const lease = await core.leases.acquire(leaseKey(id), leaseTtlMs);
    if (!lease) return;
    if (closing) {
      await lease.release();
      return;
    }
    const { status: _status, ...connection } = info;
    const runner: Runner = {
      id,
      companyId: info.companyId,
      definition,
      info: connection,
      authState: createAuthStateStore(core.db, info.companyId, id),
      lease,
      session: null,
      generation: 0,
      status: null,
      failures: 0,
      ended: false,
    };
    runners.set(id, runner);
    lease.onLost(() => leaseLost(runner));
    log.info({ connectionId: id, channel: info.channel }, 'connection lease won');
    if (options.clearAuth) await runner.authState.clear();
    await hooks.onLeaseWon(id).catch((err: unknown) => log.error({ err, connectionId: id }, 'outbound queue not attached'));
    await startSession(runner);
  }

  /** Another node may run it now: stop at once, without waiting for queued operations. */
  function leaseLost(runner: Runner): void {
    if (runner.ended) return;
    log.warn({ connectionId: runner.id }, 'connection lease lost: stopping its session');
    runner.ended = true;
    clearTimers(runner);
    runner.generation++;
    const session = runner.session;
    runner.session = null;
    runner.status = null;
    if (runners.get(runner.id) === runner) runners.delete(runner.id);
    if (!session) return;
    const stopped = session
      .stop()
      .catch((err: unknown) => log.warn({ err, connectionId: runner.id }, 'session stop failed'))
      .finally(() => {
        if (stopping.get(runner.id) === stopped) stopping.delete(runner.id);
      });
    stopping.set(runner.id, stopped);
  }

  const actions = {
    start: (id: number) =>
      serial(id, async () => {
        const runner = runners.get(id);
        if (!runner) return claim(id);
        await stopSession(runner);
        runner.failures = 0;
        await startSession(runner);
      }),
    newQr: (id: number) =>
      serial(id, async () => {
        const runner = runners.get(id);
        if (!runner) return claim(id, { clearAuth: true });
        await stopSession(runner);
        await runner.authState.clear();
        runner.failures = 0;
        await startSession(runner);
      }),
    logout: (id: number, companyId: number) =>
      serial(id, async () => {
        const runner = runners.get(id);
        if (runner) {
          await stopSession(runner, 'logout');
          await runner.authState.clear();
          await end(runner);
          return;
        }
        // Nobody runs it: whoever wins the lease for a moment drops the stored session.
        const lease = await core.leases.acquire(leaseKey(id), leaseTtlMs);
        if (!lease) return;
        await createAuthStateStore(core.db, companyId, id).clear().finally(() => lease.release());
      }),
    updated: (id: number) =>
      serial(id, async () => {
        const runner = runners.get(id);
        if (!runner) return claim(id);
        const fresh = await loadConnectionInfo(core.db, id);
        if (!fresh) return;
        const { status: _status, ...connection } = fresh;
        Object.assign(runner.info, connection);
      }),
    deleted: (id: number) =>
      serial(id, async () => {
        const runner = runners.get(id);
        if (!runner) return;
        await stopSession(runner);
        await end(runner);
      }),
  };

  async function sweep(): Promise<void> {
    if (closing) return;
    const names = channels();
    if (names.length === 0) return;
    const ids: number[] = await core.db('whatsapps').whereIn('channel', names).whereNot({ status: 'DISCONNECTED' }).orderBy('id').pluck('id');
    wanted.clear();
    for (const id of ids) {
      wanted.add(id);
      if (runners.has(id)) hooks.onSweep(id);
    }
    // The rest are claimed only if their lease is vacant (one MGET): a claim reads the connection
    // and tries its key, wasted on every connection another node runs.
    await watch();
  }

  /**
   * Races for the lease of every wanted connection nobody holds: a dead node's connections are
   * taken over within the lease ttl plus one watch period, without waiting for the sweep.
   */
  async function watch(): Promise<void> {
    const idle = [...wanted].filter((id) => !runners.has(id) && !chains.has(id));
    if (closing || idle.length === 0) return;
    const vacant = new Set(await core.leases.vacant(idle.map(leaseKey)));
    for (const id of idle) {
      if (vacant.has(leaseKey(id))) void serial(id, () => claim(id));
    }
  }

  function subscribe<T>(topic: string, handler: (payload: T) => unknown): void {
    unsubscribes.push(core.bus.subscribe<T>(topic, (message) => void handler(message.payload)));
  }

  return {
    async start(): Promise<void> {
      subscribe<ConnectionTopicPayload>(ConnectionTopics.start, (p) => actions.start(p.connectionId));
      subscribe<ConnectionTopicPayload>(ConnectionTopics.newQr, (p) => actions.newQr(p.connectionId));
      subscribe<ConnectionTopicPayload>(ConnectionTopics.logout, (p) => actions.logout(p.connectionId, p.companyId));
      subscribe<ConnectionTopicPayload>(ConnectionTopics.updated, (p) => actions.updated(p.connectionId));
      subscribe<ConnectionTopicPayload>(ConnectionTopics.deleted, (p) => actions.deleted(p.connectionId));
      subscribe<ConnectionsRestartPayload>(ConnectionTopics.restart, (p) => p.connectionIds.forEach((id) => void actions.start(id)));
      subscribe<{ connectionIds: number[] }>(RELEASED_TOPIC, (p) => p.connectionIds.forEach((id) => void serial(id, () => claim(id))));
      sweepTimer = setInterval(() => void sweep().catch((err: unknown) => log.error({ err }, 'session sweep failed')), SWEEP_INTERVAL_MS);
      watchTimer = setInterval(
        () => void watch().catch((err: unknown) => log.warn({ err }, 'lease watch failed')),
        core.config.CHANNEL_LEASE_WATCH_MS,
      );
      void sweep().catch((err: unknown) => log.error({ err }, 'session sweep failed'));
    },

    /** Stops every session of this node and releases their leases (kernel close). */
    async stop(): Promise<void> {
      closing = true;
      clearInterval(sweepTimer);
      clearInterval(watchTimer);
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      await Promise.all([...chains.values(), ...stopping.values()]);
      const held = [...runners.values()];
      await Promise.all(
        held.map(async (runner) => {
          await stopSession(runner);
          await end(runner);
        }),
      );
      if (held.length) {
        await core.bus
          .publish(RELEASED_TOPIC, { connectionIds: held.map((r) => r.id) }, { companyId: null })
          .catch((err: unknown) => log.warn({ err }, 'released topic not published'));
      }
    },

    /** The session this node runs for a connection, for the outbound worker. */
    readySession(id: number): ReadySession | null {
      const runner = runners.get(id);
      const session = runner?.session;
      if (!runner || !session) return null;
      return {
        session,
        definition: runner.definition,
        isReady: () => runners.get(id) === runner && runner.session === session && runner.status === 'CONNECTED',
        status: () => (runners.get(id) === runner && runner.session === session ? runner.status : null),
      };
    },

    /** Connection ids whose session this node holds (for tests and operators). */
    held(): number[] {
      return [...runners.keys()];
    },
  };
}
