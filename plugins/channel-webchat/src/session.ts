import type { ChannelSession, ConnectionInfo, OutboundMessage, PluginContext, SessionIO } from '@guiche/core';
import { WebchatEvents, type WebchatMessage } from '@guiche/contracts';
import { PRESENCE_TOPIC, type PresencePayload, type VisitorHub } from './hub.js';
import { mediaTypeOf } from './media.js';
import { outboundWid } from './visitor.js';

/**
 * A webchat connection's session, run by core's supervisor on the node holding its lease. There
 * is no outside service to log into: it is CONNECTED as soon as it starts. Agent messages reach
 * the visitor's room (every node, through the socket.io adapter); a visitor who is away reads them
 * from the history when they come back, so a send never waits for them.
 */
export function createWebchatSession(ctx: PluginContext, hub: VisitorHub, connection: ConnectionInfo, io: SessionIO): ChannelSession {
  let unsubscribe: (() => void) | null = null;
  const stopListening = () => {
    unsubscribe?.();
    unsubscribe = null;
  };

  return {
    async start() {
      stopListening();
      // A visitor's typing arrives on whichever node holds their socket; this node reports it.
      unsubscribe = ctx.bus.subscribe<PresencePayload>(PRESENCE_TOPIC, ({ payload }) => {
        if (payload.connectionId === connection.id) io.presence(payload.peerId, payload.state);
      });
      await io.status('CONNECTED');
    },
    async stop() {
      stopListening();
    },
    async logout() {
      stopListening();
      hub.disconnectConnection(connection.id);
    },
    async send(message: OutboundMessage) {
      const wid = outboundWid(message.messageId, message.to.id);
      const payload: WebchatMessage = {
        id: message.messageId,
        wid,
        fromVisitor: false,
        body: message.body,
        mediaType: message.media ? mediaTypeOf(message.media.mimetype) : 'chat',
        mediaUrl: message.media ? ctx.storage.url(message.media.path) : null,
        mediaName: message.media?.fileName ?? null,
        createdAt: new Date().toISOString(),
      };
      hub.toVisitor(connection.id, message.to.id, 'message', payload);
      return { wid, ack: 1 };
    },
    async markRead(to, wids) {
      hub.toVisitor(connection.id, to.id, 'read', { wids });
    },
    async showPresence(to, state) {
      hub.toVisitor(connection.id, to.id, WebchatEvents.typing, { state });
    },
  };
}
