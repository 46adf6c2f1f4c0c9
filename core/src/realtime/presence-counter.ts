import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A user of a company, as presence counts them. */
export interface PresenceUser {
  companyId: number;
  userId: number;
}

/**
 * Counts each user's sockets across every node, so presence changes only on a user's first
 * socket and their last one. join/leave answer whether that socket made the user online/offline.
 */
export interface PresenceCounter {
  join(user: PresenceUser): Promise<boolean>;
  leave(user: PresenceUser): Promise<boolean>;
  /** Users whose last sockets were on nodes that died: now offline (each reported by one node only). */
  reap(): Promise<PresenceUser[]>;
  /** This node's sockets are all going (shutdown): answers the users to take offline now. */
  close(): Promise<PresenceUser[]>;
}

const userKey = (u: PresenceUser) => `${u.companyId}:${u.userId}`;
const parseUser = (key: string): PresenceUser => {
  const [companyId, userId] = key.split(':').map(Number);
  return { companyId: companyId!, userId: userId! };
};

/** One process: the counts are the whole truth. */
export class MemoryPresenceCounter implements PresenceCounter {
  private readonly counts = new Map<string, number>();

  async join(user: PresenceUser): Promise<boolean> {
    const n = (this.counts.get(userKey(user)) ?? 0) + 1;
    this.counts.set(userKey(user), n);
    return n === 1;
  }

  async leave(user: PresenceUser): Promise<boolean> {
    const n = (this.counts.get(userKey(user)) ?? 0) - 1;
    if (n > 0) this.counts.set(userKey(user), n);
    else this.counts.delete(userKey(user));
    return n === 0;
  }

  async reap(): Promise<PresenceUser[]> {
    return [];
  }

  async close(): Promise<PresenceUser[]> {
    const users = [...this.counts.keys()].map(parseUser);
    this.counts.clear();
    return users;
  }
}

/** Adds this node to the user's set of nodes; answers 1 when the user had no node before. */
const ADD_NODE = `
local added = redis.call('sadd', KEYS[1], ARGV[1])
redis.call('sadd', KEYS[2], ARGV[2])
if added == 1 and redis.call('scard', KEYS[1]) == 1 then return 1 end
return 0`;

/** Removes this node from the user's set; answers 1 when no node is left. */
const REMOVE_NODE = `
local removed = redis.call('srem', KEYS[1], ARGV[1])
redis.call('srem', KEYS[2], ARGV[2])
if removed == 1 and redis.call('scard', KEYS[1]) == 0 then return 1 end
return 0`;

/** Drops a dead node from every user it had, once: answers the users left with no node. */
const REAP_NODE = `
local gone = {}
for _, user in ipairs(redis.call('smembers', KEYS[1])) do
  local key = ARGV[2] .. user
  if redis.call('srem', key, ARGV[1]) == 1 and redis.call('scard', key) == 0 then table.insert(gone, user) end
end
redis.call('del', KEYS[1])
redis.call('srem', KEYS[2], ARGV[1])
return gone`;

/** The heartbeat's value while a node closes: not reaped by others yet, but not a survivor either. */
const STOPPING = 'stopping';

export interface RedisPresenceOptions {
  redis: Redis;
  prefix: string;
  /** How often this node says it is alive; a node silent for three periods is reaped. */
  heartbeatMs: number;
}

/**
 * Across nodes: each node counts its own sockets per user in memory and keeps, per user, the set
 * of nodes that have one (a Redis set), so Redis is touched only when a user's count on this node
 * goes 0↔1. A node that dies without saying goodbye stops its heartbeat; the next node to reap
 * removes it from its users' sets and reports those left with no node as offline.
 */
export class RedisPresenceCounter implements PresenceCounter {
  private readonly node = randomUUID();
  private readonly local = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: RedisPresenceOptions) {
    void this.beat();
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  private key(...parts: string[]): string {
    return [this.options.prefix, 'presence', ...parts].join(':');
  }

  private async beat(): Promise<void> {
    await this.options.redis
      .multi()
      .set(this.key('alive', this.node), '1', 'PX', this.options.heartbeatMs * 3)
      .sadd(this.key('nodes'), this.node)
      .exec()
      .catch(() => undefined);
  }

  async join(user: PresenceUser): Promise<boolean> {
    const n = (this.local.get(userKey(user)) ?? 0) + 1;
    this.local.set(userKey(user), n);
    if (n > 1) return false;
    const first = await this.options.redis.eval(ADD_NODE, 2, this.key('user', userKey(user)), this.key('node', this.node), this.node, userKey(user));
    return first === 1;
  }

  async leave(user: PresenceUser): Promise<boolean> {
    const n = (this.local.get(userKey(user)) ?? 0) - 1;
    if (n > 0) {
      this.local.set(userKey(user), n);
      return false;
    }
    this.local.delete(userKey(user));
    const last = await this.options.redis.eval(REMOVE_NODE, 2, this.key('user', userKey(user)), this.key('node', this.node), this.node, userKey(user));
    return last === 1;
  }

  async reap(): Promise<PresenceUser[]> {
    const nodes = await this.options.redis.smembers(this.key('nodes'));
    const others = nodes.filter((node) => node !== this.node);
    if (others.length === 0) return [];
    const alive = await this.options.redis.mget(others.map((node) => this.key('alive', node)));
    return this.reapNodes(others.filter((_, i) => alive[i] === null));
  }

  /** Takes every node in `nodes` out of its users' sets: answers the users left with no node. */
  private async reapNodes(nodes: string[]): Promise<PresenceUser[]> {
    const gone: PresenceUser[] = [];
    for (const node of nodes) {
      const users = (await this.options.redis.eval(REAP_NODE, 2, this.key('node', node), this.key('nodes'), node, this.key('user', ''))) as string[];
      gone.push(...users.map(parseUser));
    }
    return gone;
  }

  /**
   * A shutdown leaves this node in its users' sets until its heartbeat lapses and another node
   * reaps it: the clients reconnecting elsewhere meanwhile find their user still online, so a
   * rolling restart announces nothing, and whoever does not come back is taken offline by the reap.
   * The last node to stop has nobody to reap it: it takes its users (and those of nodes already
   * dead or stopping) offline itself. Its heartbeat says "stopping" first, so of two last nodes
   * stopping together at least one sees the other as stopping.
   */
  async close(): Promise<PresenceUser[]> {
    clearInterval(this.heartbeat);
    this.local.clear();
    // Redis down at shutdown: its commands would wait for its return; the reap of a later node covers it.
    if (this.options.redis.status !== 'ready') return [];
    return this.lastOut();
  }

  /** The reap of close(): only when no other node is alive. */
  private async lastOut(): Promise<PresenceUser[]> {
    const { redis } = this.options;
    await redis.set(this.key('alive', this.node), STOPPING, 'PX', this.options.heartbeatMs * 3);
    const others = (await redis.smembers(this.key('nodes'))).filter((node) => node !== this.node);
    const alive = others.length ? await redis.mget(others.map((node) => this.key('alive', node))) : [];
    if (alive.some((state) => state !== null && state !== STOPPING)) return [];
    const gone = await this.reapNodes([this.node, ...others]);
    await redis.del(this.key('alive', this.node));
    return gone;
  }
}
