import { proto, type AnyMessageContent, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import type { OutboundMessage, SessionIO } from '@guiche/core';
import { isVcard, mediaContent, vcardContent } from './media.js';
import type { BoundedCache } from './lru.js';

/** Optional parts of an outbound message core may carry beyond OutboundMessage (see README). */
export interface WhatsappOutbound extends OutboundMessage {
  location?: { latitude: number; longitude: number; name?: string; address?: string };
}

/** The key of a stored message in a chat: inbound rows keep theirs in data.key; rows without one were sent by us. */
export async function keyOf(io: SessionIO, jid: string, wid: string): Promise<WAMessageKey> {
  const found = await io.findMessage(wid);
  const stored = (found?.data as { key?: { fromMe?: boolean; participant?: string } } | null)?.key;
  return { remoteJid: jid, id: wid, fromMe: stored ? Boolean(stored.fromMe) : true, ...(stored?.participant ? { participant: stored.participant } : {}) };
}

/** The quoted message Baileys needs for a reply: its key and (what we know of) its content. */
export async function quotedMessage(io: SessionIO, sent: BoundedCache<string, proto.IMessage>, jid: string, wid: string): Promise<WAMessage | undefined> {
  const found = await io.findMessage(wid);
  if (!found) return undefined;
  const key = await keyOf(io, jid, wid);
  return { key, message: sent.get(wid) ?? storedContent(found) ?? { conversation: found.body } };
}

/** The Baileys content of an outbound message. */
export async function outboundContent(message: WhatsappOutbound, readMedia: (path: string) => Promise<Buffer>): Promise<AnyMessageContent> {
  const forwarded = message.isForwarded ? { contextInfo: { isForwarded: true, forwardingScore: 1 } } : {};
  if (message.media) {
    const data = await readMedia(message.media.path);
    const content = mediaContent({ ...message.media, data }, message.body);
    return 'image' in content || 'video' in content || 'document' in content ? ({ ...content, ...forwarded } as AnyMessageContent) : content;
  }
  if (message.location) {
    const { latitude, longitude, name, address } = message.location;
    return { location: { degreesLatitude: latitude, degreesLongitude: longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } };
  }
  if (isVcard(message.body)) return vcardContent(message.body);
  return { text: message.body, ...forwarded };
}

/** The message as Baileys encoded it, JSON-safe (bytes as base64, 64-bit numbers as numbers), for messages.data. */
export function plainMessage(message: proto.IMessage): Record<string, unknown> {
  return proto.Message.toObject(proto.Message.fromObject(message), { bytes: String, longs: Number });
}

/** The content kept in a stored message's data.message (plainMessage), back as a proto. */
function storedContent(found: { data: Record<string, unknown> | null }): proto.IMessage | undefined {
  const stored = found.data?.message;
  return stored && typeof stored === 'object' ? proto.Message.fromObject(stored as Record<string, unknown>) : undefined;
}

/** What getMessage answers a recipient's retry with: the content we sent, else the stored content or text. */
export async function messageForRetry(io: SessionIO, sent: BoundedCache<string, proto.IMessage>, wid: string): Promise<proto.IMessage | undefined> {
  const cached = sent.get(wid);
  if (cached) return cached;
  const found = await io.findMessage(wid);
  if (!found) return undefined;
  return storedContent(found) ?? (found.body ? { conversation: found.body } : undefined);
}
