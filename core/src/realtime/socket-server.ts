import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { FastifyBaseLogger } from 'fastify';
import { Events, Rooms, SOCKET_PING_MS, TicketSocketJoins } from '@guiche/contracts';
import { mayJoinTicket, resyncTicketRooms, ticketRoomsOf } from '../messaging/ticket-rooms.js';
import type { AuthUser } from '../plugin-sdk/types.js';
import type { Realtime } from '../ports/types.js';
import { createPresence } from './presence.js';
import { MemoryPresenceCounter, RedisPresenceCounter } from './presence-counter.js';

/** How often a node says it is alive for presence, and looks for dead nodes' users. */
const PRESENCE_HEARTBEAT_MS = 5_000;
/** How long a user's last socket still counts after it left: a reconnect within it is no change. */
const PRESENCE_LEAVE_GRACE_MS = 3_000;

export interface SocketServerOptions {
  httpServer: HttpServer;
  verifyToken: (token: string) => Promise<AuthUser>;
  db: Knex;
  log: FastifyBaseLogger;
  redis?: { pub: Redis; sub: Redis; prefix: string };
  /** Which pages may talk to socket.io, and with credentials (core/src/http/socket-cors.ts). */
  cors: ServerOptions['cors'];
}

export interface SocketServer extends Realtime {
  io: Server;
  close(): Promise<void>;
}

async function setOnline(db: Knex, userId: number, online: boolean): Promise<void> {
  await db('users').where({ id: userId }).update({ online, lastSeenAt: new Date() });
}

/** socket.io authenticated by the access token; each socket joins only rooms its user may see. */
export function createSocketServer(opts: SocketServerOptions): SocketServer {
  const io = new Server(opts.httpServer, {
    pingInterval: SOCKET_PING_MS,
    pingTimeout: SOCKET_PING_MS,
    cors: opts.cors,
  });
  if (opts.redis) {
    const { pub, sub } = opts.redis;
    io.adapter(createAdapter(answeredRejections(pub, ['publish'], opts.log), answeredRejections(sub, ['unsubscribe', 'punsubscribe'], opts.log), { key: `${opts.redis.prefix}:socket.io` }));
  }
  const presence = createPresence({
    io,
    db: opts.db,
    log: opts.log,
    counter: opts.redis
      ? new RedisPresenceCounter({ redis: opts.redis.pub, prefix: opts.redis.prefix, heartbeatMs: PRESENCE_HEARTBEAT_MS })
      : new MemoryPresenceCounter(),
    reapEveryMs: PRESENCE_HEARTBEAT_MS,
    leaveGraceMs: PRESENCE_LEAVE_GRACE_MS,
  });

  io.use((socket, next) => {
    const token = (socket.handshake.auth?.token as string | undefined) ?? (socket.handshake.query?.token as string | undefined);
    if (!token) return next(new Error('ERR_SESSION_EXPIRED'));
    opts
      .verifyToken(token)
      .then(async (user) => {
        socket.data.user = user;
        // Resolved before 'connect' so a connected socket already receives its queues' tickets.
        socket.data.ticketRooms = await ticketRoomsOf(opts.db, user);
        next();
      })
      .catch(() => next(new Error('ERR_SESSION_EXPIRED')));
  });

  io.on('connection', (socket: Socket) => {
    const user = socket.data.user as AuthUser;
    void socket.join([Rooms.company(user.companyId), Rooms.user(user.id)]);
    if (user.profile === 'admin') void socket.join(Rooms.companyAdmins(user.companyId));
    void socket.join(socket.data.ticketRooms as string[]);
    for (const event of TicketSocketJoins) {
      socket.on(event, (ticketRef: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (joined: boolean) => void) : () => undefined;
        mayJoinTicket(opts.db, user, ticketRef)
          .then(async (room) => {
            if (room) await socket.join(room);
            reply(room !== null);
          })
          .catch((err) => {
            opts.log.warn({ err }, `${event} failed`);
            reply(false);
          });
      });
    }
    socket.on('leaveChatBox', (uuid: unknown) => {
      if (typeof uuid === 'string') void socket.leave(Rooms.ticket(uuid));
    });
    const presenceUser = { companyId: user.companyId, userId: user.id };
    // Stores users.online (coalesced) when this is the user's first socket. The client's
    // joinNotification on every connect needs no UPDATE of its own: in a reconnect storm that was
    // one per socket. Its userStatus heartbeat (minutes apart) refreshes lastSeenAt.
    presence.connected(presenceUser);
    socket.on('userStatus', () => setOnline(opts.db, user.id, true).catch((err) => opts.log.warn({ err }, 'userStatus failed')));
    socket.on('disconnect', () => presence.disconnected(presenceUser));
  });

  /** A user's queues, allTicket or profile may have changed: their sockets' ticket rooms follow. */
  function resyncOnUserChange(event: string, payload: unknown): void {
    const match = /^company-(\d+)-user$/.exec(event);
    const body = payload as { action?: string; user?: { id?: number } } | null;
    if (!match || body?.action !== 'update' || typeof body.user?.id !== 'number') return;
    const companyId = Number(match[1]);
    if (event !== Events.user(companyId)) return;
    resyncTicketRooms(io, opts.db, companyId, body.user.id).catch((err) => opts.log.warn({ err }, 'ticket rooms resync failed'));
  }

  return {
    io,
    emit(rooms, event, payload) {
      io.to(rooms).emit(event, payload);
      resyncOnUserChange(event, payload);
    },
    async disconnectUser(userId) {
      io.in(Rooms.user(userId)).disconnectSockets(true);
    },
    close: async () => {
      await presence.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

/**
 * The Redis adapter publishes (broadcasts, answers to other nodes' requests) and unsubscribes without
 * awaiting the reply. One that races a shutdown (its command queued after QUIT) is flushed with
 * "Connection is closed" and nobody handles it: an unhandled rejection in the process. Such a
 * command has nobody left to reach, so its failure is logged instead; callers that await still see it.
 */
function answeredRejections(client: Redis, methods: ('publish' | 'unsubscribe' | 'punsubscribe')[], log: FastifyBaseLogger): Redis {
  for (const method of methods) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const sent = original(...args);
      sent.catch((err: unknown) => log.debug({ err }, `socket.io adapter ${method} failed`));
      return sent;
    };
  }
  return client;
}
