import type { Server } from 'socket.io';
import type { Knex } from 'knex';
import type { FastifyBaseLogger } from 'fastify';
import { ReportEvents, Rooms } from '@guiche/contracts';
import type { PresenceCounter, PresenceUser } from './presence-counter.js';

export interface PresenceOptions {
  io: Server;
  db: Knex;
  log: FastifyBaseLogger;
  counter: PresenceCounter;
  /** How often this node looks for dead nodes' users to take offline. */
  reapEveryMs: number;
  /** A socket counts this long after it left, so a reconnect (to any node) within it announces nothing. */
  leaveGraceMs: number;
}

const keyOf = (u: PresenceUser) => `${u.companyId}:${u.userId}`;

/**
 * The dashboard's "who is online" (company-<id>-userOnline): one event when a user's first socket
 * arrives on any node and one when their last leaves, so a reconnect storm of n sockets costs O(n)
 * events instead of one per socket to every socket of the company. A socket that leaves still
 * counts for leaveGraceMs, so a reconnect storm (a network blip, a node's restart) announces
 * nothing, and the remaining changes are coalesced per tick.
 */
export function createPresence(opts: PresenceOptions) {
  const pending = new Map<string, { user: PresenceUser; online: boolean }>();
  let flushing: Promise<void> = Promise.resolve();
  let scheduled = false;
  let closing = false;
  const leaving = new Set<NodeJS.Timeout>();

  function changed(user: PresenceUser, online: boolean): void {
    const key = keyOf(user);
    // Changes alternate per user, so an opposite pending one is cancelled by this one.
    if (pending.has(key)) pending.delete(key);
    else pending.set(key, { user, online });
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const batch = [...pending.values()];
      pending.clear();
      flushing = flushing.then(() => publish(batch));
    });
  }

  /** One UPDATE per state for the whole tick's changes, then their events. */
  async function publish(batch: { user: PresenceUser; online: boolean }[]): Promise<void> {
    for (const online of [true, false]) {
      const ids = batch.filter((change) => change.online === online).map((change) => change.user.userId);
      if (ids.length === 0) continue;
      await opts.db('users').whereIn('id', ids).update({ online, lastSeenAt: new Date() }).catch((err) => opts.log.warn({ err }, 'presence not stored'));
    }
    // Not while closing: the adapter would publish on a Redis about to quit.
    if (closing) return;
    for (const { user, online } of batch) {
      opts.io.to(Rooms.company(user.companyId)).emit(ReportEvents.userOnline(user.companyId), { userId: user.userId, online });
    }
  }

  const reaper = setInterval(() => {
    opts.counter
      .reap()
      .then((gone) => gone.forEach((user) => changed(user, false)))
      .catch((err) => opts.log.warn({ err }, 'presence reap failed'));
  }, opts.reapEveryMs);
  reaper.unref();

  return {
    connected(user: PresenceUser): void {
      opts.counter
        .join(user)
        .then((first) => first && changed(user, true))
        .catch((err) => opts.log.warn({ err }, 'presence join failed'));
    },
    disconnected(user: PresenceUser): void {
      if (closing) return;
      const timer = setTimeout(() => {
        leaving.delete(timer);
        opts.counter
          .leave(user)
          .then((last) => last && changed(user, false))
          .catch((err) => opts.log.warn({ err }, 'presence leave failed'));
      }, opts.leaveGraceMs);
      leaving.add(timer);
    },
    /** Call before the sockets close: this node's users leave its counts at once, not one by one. */
    async close(): Promise<void> {
      closing = true;
      clearInterval(reaper);
      for (const timer of leaving) clearTimeout(timer);
      leaving.clear();
      await flushing;
      const gone = await opts.counter.close().catch((err) => {
        opts.log.warn({ err }, 'presence close failed');
        return [];
      });
      await publish(gone.map((user) => ({ user, online: false })));
    },
  };
}
