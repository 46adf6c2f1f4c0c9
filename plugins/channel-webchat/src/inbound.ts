import type { ChannelPeer, InboundMedia, PluginContext } from '@guiche/core';
import type { WebchatHandshake, WebchatMessage } from '@guiche/contracts';
import type { WebchatConnection } from './connections.js';
import { mediaTypeOf } from './media.js';
import { MESSAGE_COLUMNS, toWebchatMessage, type MessageRow } from './message-view.js';
import { defaultVisitorName, inboundWid, peerIdOf, visitorRoom } from './visitor.js';

/** A connected visitor: the connection their token named and who they said they are. */
export interface Visitor {
  connection: WebchatConnection;
  peerId: string;
  peer: ChannelPeer;
  /** A typed phone that is no number (too few digits): kept as the contact's custom field. */
  phone?: string;
}

/** Digits a typed phone must have to be a contact's number (as on WhatsApp); anything shorter stays a note. */
const PHONE_MIN_DIGITS = 8;

/**
 * The visitor as core's ingest knows them: the peer id is their address (the contact's
 * `remoteJid`), the phone they typed — its digits — their number. A phone too short to be one is
 * kept as the contact's custom field "phone" instead (`phone`).
 */
export function visitorOf(connection: WebchatConnection, handshake: Pick<WebchatHandshake, 'visitorId' | 'name' | 'email' | 'phone' | 'lang'>): Visitor {
  const peerId = peerIdOf(handshake.visitorId);
  const digits = handshake.phone?.replace(/\D/g, '') ?? '';
  const number = digits.length >= PHONE_MIN_DIGITS ? digits : null;
  return {
    connection,
    peerId,
    peer: {
      id: peerId,
      name: handshake.name ?? defaultVisitorName(peerId, handshake.lang),
      ...(handshake.email ? { email: handshake.email } : {}),
      ...(number ? { number } : {}),
    },
    ...(handshake.phone && !number ? { phone: handshake.phone } : {}),
  };
}

/** The key of a visitor's message budget (text and media share it). */
export function budgetKey(visitor: Visitor): string {
  return `${visitor.connection.id}:${visitor.peerId}`;
}

/** A phone the visitor typed that cannot be their number, kept as the contact's custom field "phone". */
async function rememberPhone(ctx: PluginContext, companyId: number, contactId: number, phone: string): Promise<void> {
  const where = { companyId, contactId, name: 'phone' };
  const current = await ctx.db('contactCustomFields').where(where).first('id', 'value');
  if (current?.value === phone) return;
  if (current) await ctx.db('contactCustomFields').where({ id: current.id }).update({ value: phone, updatedAt: ctx.db.fn.now() });
  else await ctx.db('contactCustomFields').insert({ ...where, value: phone });
}

/**
 * Hands a visitor's message to core's ingest (node-independent: whichever node holds the
 * visitor's socket ingests it) and echoes it to the visitor's other tabs. The wid comes from the
 * widget's message id, so a resend after a dropped connection is the same message.
 */
export async function receiveFromVisitor(
  ctx: PluginContext,
  visitor: Visitor,
  input: { clientId: string; body: string; media?: InboundMedia },
): Promise<WebchatMessage> {
  const wid = inboundWid(visitor.peerId, input.clientId);
  const result = await ctx.ingest.ingest(visitor.connection.id, {
    wid,
    fromMe: false,
    timestamp: new Date(),
    peer: visitor.peer,
    body: input.body,
    mediaType: input.media ? mediaTypeOf(input.media.mimetype) : 'chat',
    ...(input.media ? { media: input.media } : {}),
  });
  if (visitor.phone && result.created) await rememberPhone(ctx, visitor.connection.companyId, result.contactId, visitor.phone);
  const row: MessageRow | undefined = await ctx.db('messages').where({ id: result.messageId }).first(...MESSAGE_COLUMNS);
  const message = row ? toWebchatMessage(row, ctx.storage) : { wid, fromVisitor: true, body: input.body, mediaType: 'chat', mediaUrl: null, mediaName: null, createdAt: new Date().toISOString() };
  ctx.socketNamespace('/webchat').to(visitorRoom(visitor.connection.id, visitor.peerId)).emit('message', message);
  return message;
}
