import type { Namespace, Socket } from 'socket.io';
import type { PluginContext } from '@guiche/core';
import { webchatAckSchema, webchatHandshakeSchema, webchatMessageSchema, webchatTypingSchema, WebchatEvents } from '@guiche/contracts';
import { findByToken } from './connections.js';
import { originAllowed } from './site.js';
import { budgetKey, receiveFromVisitor, visitorOf, type Visitor } from './inbound.js';
import type { RateLimiter } from './rate-limit.js';
import { connectionRoom, messageIdOfOutbound, visitorRoom } from './visitor.js';

export const NAMESPACE = '/webchat';
/** Bus topic carrying a visitor's typing to the node whose session reports presence. */
export const PRESENCE_TOPIC = 'webchat.presence';
export interface PresencePayload {
  companyId: number;
  connectionId: number;
  peerId: string;
  state: 'composing' | 'paused';
}

/** Bus topics of core's connections API (core/src/connections/topics.ts) that end a connection's visitors. */
const ENDING_TOPICS = ['core.connection.logout', 'core.connection.deleted'];

/** How long an ack waits for the outbound worker to record the wid the session just returned. */
const ACK_WAIT_MS = [100, 250, 500, 1000, 2000];

type Reply = (answer: unknown) => void;

export interface VisitorHub {
  namespace: Namespace;
  /** Emits to every tab of one visitor, on whichever node it is connected. */
  toVisitor(connectionId: number, peerId: string, event: string, payload: unknown): void;
  /** Ends every visitor socket of a connection (this node; every node receives the bus topic). */
  disconnectConnection(connectionId: number): void;
  close(): void;
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  const name = (err as { name?: unknown })?.name;
  if (typeof code === 'string' && code.startsWith('ERR_')) return code;
  if (name === 'ZodError') return 'ERR_VALIDATION';
  return 'ERR_INTERNAL';
}

/**
 * The /webchat namespace: a visitor authenticates with a webchat connection's token and their own
 * random id; an unknown token (or another channel's) is refused at the handshake. Messages go
 * straight to core's ingest; acks are checked to be the visitor's own before they are applied.
 */
export function createVisitorHub(ctx: PluginContext, limiter: RateLimiter): VisitorHub {
  const namespace = ctx.socketNamespace(NAMESPACE);

  namespace.use((socket, next) => {
    const parsed = webchatHandshakeSchema.safeParse(socket.handshake.auth ?? {});
    if (!parsed.success) return next(new Error('ERR_VALIDATION'));
    findByToken(ctx.db, parsed.data.token)
      .then((connection) => {
        if (!connection) return next(new Error('ERR_NO_WAPP_FOUND'));
        if (!originAllowed(connection.allowedOrigins, socket.handshake.headers.origin, socket.handshake.headers.host)) return next(new Error('ERR_ORIGIN_NOT_ALLOWED'));
        socket.data.visitor = visitorOf(connection, parsed.data);
        next();
      })
      .catch((err) => {
        ctx.log.error({ err }, 'webchat handshake failed');
        next(new Error('ERR_INTERNAL'));
      });
  });

  /** Applies delivered/read acks once the wid is stored (the visitor may answer before the outbound worker recorded it). */
  async function applyAcks(visitor: Visitor, wids: string[], ack: 2 | 3 | 4): Promise<void> {
    const ids = new Map<number, string>();
    for (const wid of wids) {
      const id = messageIdOfOutbound(wid, visitor.peerId);
      if (id) ids.set(id, wid);
    }
    for (let attempt = 0; ids.size > 0; attempt++) {
      const stored: { id: string | number; wid: string }[] = await ctx
        .db('messages')
        .where({ whatsappId: visitor.connection.id, companyId: visitor.connection.companyId })
        .whereIn('id', [...ids.keys()])
        .whereNotNull('wid')
        .select('id', 'wid');
      for (const row of stored) {
        const id = Number(row.id);
        if (row.wid === ids.get(id)) await ctx.ingest.applyAck(visitor.connection.id, row.wid, ack);
        ids.delete(id);
      }
      if (ids.size === 0 || attempt >= ACK_WAIT_MS.length) return;
      await new Promise((resolve) => setTimeout(resolve, ACK_WAIT_MS[attempt]));
    }
  }

  namespace.on('connection', (socket: Socket) => {
    const visitor = socket.data.visitor as Visitor;
    void socket.join([visitorRoom(visitor.connection.id, visitor.peerId), connectionRoom(visitor.connection.id)]);

    socket.on(WebchatEvents.message, async (payload: unknown, reply?: Reply) => {
      const answer = typeof reply === 'function' ? reply : () => undefined;
      const parsed = webchatMessageSchema.safeParse(payload);
      if (!parsed.success) return answer({ error: 'ERR_VALIDATION', issues: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })) });
      if (!(await limiter.take(budgetKey(visitor)))) return answer({ error: 'ERR_RATE_LIMITED' });
      try {
        answer({ message: await receiveFromVisitor(ctx, visitor, parsed.data) });
      } catch (err) {
        const code = errorCode(err);
        if (code === 'ERR_INTERNAL') ctx.log.error({ err }, 'webchat inbound failed');
        answer({ error: code });
      }
    });

    for (const [event, ack] of [
      [WebchatEvents.delivered, 2],
      [WebchatEvents.read, 3],
      [WebchatEvents.played, 4],
    ] as const) {
      socket.on(event, (payload: unknown) => {
        const parsed = webchatAckSchema.safeParse(payload);
        if (!parsed.success) return;
        applyAcks(visitor, parsed.data.wids, ack).catch((err) => ctx.log.warn({ err }, `webchat ${event} failed`));
      });
    }

    socket.on(WebchatEvents.typing, (payload: unknown) => {
      const parsed = webchatTypingSchema.safeParse(payload);
      if (!parsed.success) return;
      const { companyId, id: connectionId } = visitor.connection;
      const presence: PresencePayload = { companyId, connectionId, peerId: visitor.peerId, state: parsed.data.state };
      ctx.bus.publish(PRESENCE_TOPIC, presence, { companyId }).catch((err) => ctx.log.warn({ err }, 'webchat typing failed'));
    });
  });

  const disconnectConnection = (connectionId: number) => namespace.local.in(connectionRoom(connectionId)).disconnectSockets(true);
  const unsubscribers = ENDING_TOPICS.map((topic) =>
    ctx.bus.subscribe<{ connectionId: number }>(topic, (message) => disconnectConnection(message.payload.connectionId)),
  );

  return {
    namespace,
    toVisitor: (connectionId, peerId, event, payload) => void namespace.to(visitorRoom(connectionId, peerId)).emit(event, payload),
    disconnectConnection,
    close: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}
