import { WAMessageStubType, toNumber, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys';
import type { ChannelPeer, NormalizedMessage, PresenceState, SessionIO } from '@guiche/core';
import { ackOfReceipt, ackOfStatus } from './ack.js';
import type { GroupCache } from './groups.js';
import { inWindow, type ImportWindow } from './history.js';
import { isGroupJid, isIgnoredChat, normalizeJid, phoneJid } from './jid.js';
import type { LidMap } from './lid-map.js';
import { downloadWithReupload, safeInboundName } from './media.js';
import { editedText, viewOfContent } from './normalize.js';
import type { BoundedCache } from './lru.js';
import type { MediaDownloader, WhatsappSocket } from './socket.js';

/** What the inbound side of a session works with. */
export interface InboundContext {
  io: SessionIO;
  lids: LidMap;
  groups: GroupCache;
  /** Display names learnt from contacts.upsert/update and history (jid → name). */
  names: BoundedCache<string, string>;
  /** Ids of messages this session sent: their echoes are not ingested again. */
  sentIds: BoundedCache<string, true>;
  download: MediaDownloader;
  socket(): WhatsappSocket | null;
  /** When the socket last opened: appended messages older than this are history. */
  openedAt(): Date | null;
  importWindow: ImportWindow | null;
}

const PRESENCES: Record<string, PresenceState> = {
  composing: 'composing',
  recording: 'recording',
  paused: 'paused',
  available: 'available',
  unavailable: 'paused',
};

const timestampOf = (message: WAMessage): Date => {
  const seconds = toNumber(message.messageTimestamp as never);
  return seconds ? new Date(seconds * 1000) : new Date();
};

export async function chatPeer(ctx: InboundContext, jid: string, alt: string | null | undefined, pushName: string | null | undefined): Promise<ChannelPeer> {
  if (isGroupJid(jid)) {
    const metadata = await ctx.groups.get(jid);
    return { id: normalizeJid(jid), isGroup: true, ...(metadata?.subject ? { name: metadata.subject } : {}) };
  }
  const peer = await ctx.lids.peerOf(jid, alt, pushName);
  if (peer.name) return peer;
  // The address book may know the person under the other jid.
  const name = [peer.lid, peer.number ? phoneJid(peer.number) : null, normalizeJid(jid)].map((j) => (j ? ctx.names.get(j) : undefined)).find(Boolean);
  return name ? { ...peer, name } : peer;
}

/** A Baileys message as core's NormalizedMessage, or null when it is nothing the inbox shows. */
export async function normalizeMessage(ctx: InboundContext, message: WAMessage, imported: boolean): Promise<NormalizedMessage | null> {
  const key = message.key;
  const remoteJid = key.remoteJid;
  if (!key.id || !remoteJid || isIgnoredChat(remoteJid)) return null;
  const view = viewOfContent(message.message);
  if (!view) return null;
  const fromMe = Boolean(key.fromMe);
  const isGroup = isGroupJid(remoteJid);
  // A message sent from the phone carries the company's own push name: it is not the peer's name.
  const peer = await chatPeer(ctx, remoteJid, key.remoteJidAlt, fromMe ? undefined : message.pushName);
  const participant =
    isGroup && key.participant ? await ctx.lids.peerOf(key.participant, key.participantAlt, fromMe ? undefined : message.pushName) : undefined;

  const data: Record<string, unknown> = {
    ...(view.data ?? {}),
    key: { remoteJid, fromMe, ...(key.participant ? { participant: key.participant } : {}) },
  };
  if (fromMe) {
    const ack = ackOfStatus(message.status);
    if (ack !== null) data.ack = Math.max(ack, 1);
  }

  let media: NormalizedMessage['media'];
  if (view.downloadable) {
    const sock = ctx.socket();
    try {
      if (!sock) throw new Error('socket closed');
      const bytes = await downloadWithReupload(message, ctx.download, (m) => sock.updateMediaMessage(m));
      media = { data: bytes, mimetype: view.mimetype ?? 'application/octet-stream', ...(view.fileName ? { fileName: safeInboundName(view.fileName) } : {}) };
    } catch (err) {
      // The message still reaches the ticket (caption, type), marked so the agent knows the file is missing.
      ctx.io.log.warn({ err, wid: key.id }, 'whatsapp media download failed');
      data.mediaError = true;
    }
  }

  return {
    wid: key.id,
    fromMe,
    timestamp: timestampOf(message),
    peer,
    ...(participant ? { participant } : {}),
    body: view.body,
    mediaType: view.mediaType,
    ...(media ? { media } : {}),
    ...(view.quotedWid ? { quotedWid: view.quotedWid } : {}),
    ...(view.isForwarded ? { isForwarded: true } : {}),
    data,
    ...(imported ? { imported: true } : {}),
  };
}

/**
 * Appended messages (sent from the phone or another device) up to this long before the socket
 * opened are still live: they were written while this session was reconnecting.
 */
export const APPEND_LIVE_MS = 24 * 60 * 60_000;

/** messages.upsert: live messages (notify), and appended ones (other devices, offline backlog, history). */
export async function onUpsert(ctx: InboundContext, event: BaileysEventMap['messages.upsert']): Promise<void> {
  const openedAt = ctx.openedAt();
  for (const message of event.messages) {
    if (message.key.fromMe && message.key.id && ctx.sentIds.get(message.key.id)) continue;
    let imported = false;
    if (event.type === 'append' && openedAt && timestampOf(message).getTime() < openedAt.getTime() - APPEND_LIVE_MS) {
      // Long before this connection opened: history, taken only inside the connection's import window.
      if (!ctx.importWindow || !inWindow(ctx.importWindow, timestampOf(message), isGroupJid(message.key.remoteJid))) continue;
      imported = true;
    }
    const normalized = await normalizeMessage(ctx, message, imported);
    if (normalized) await ctx.io.inbound(normalized);
  }
}

/** messages.update: edits, revokes and status (ack) changes of messages already stored. */
export async function onUpdate(ctx: InboundContext, updates: BaileysEventMap['messages.update']): Promise<void> {
  for (const { key, update } of updates) {
    if (!key.id) continue;
    if (update.messageStubType === WAMessageStubType.REVOKE) {
      await ctx.io.deleted(key.id);
      continue;
    }
    const edited = update.message?.editedMessage ? editedText(update.message) : null;
    if (edited !== null) await ctx.io.edited(key.id, edited);
    const ack = ackOfStatus(update.status);
    if (ack) await ctx.io.ack(key.id, ack);
  }
}

/** message-receipt.update: per-member receipts (groups) and read/played receipts. */
export async function onReceipts(ctx: InboundContext, receipts: BaileysEventMap['message-receipt.update']): Promise<void> {
  for (const { key, receipt } of receipts) {
    const ack = key.id ? ackOfReceipt(receipt) : null;
    if (ack) await ctx.io.ack(key.id as string, ack);
  }
}

/** messages.reaction: a reaction (or its removal, an empty text) to a message. */
export async function onReactions(ctx: InboundContext, reactions: BaileysEventMap['messages.reaction']): Promise<void> {
  for (const { key: target, reaction } of reactions) {
    const own = reaction.key ?? target;
    const chat = own.remoteJid ?? target.remoteJid;
    if (!target.id || !chat || isIgnoredChat(chat)) continue;
    const wid = reaction.key?.id ?? `${target.id}:${own.participant ?? chat}:reaction`;
    if (own.fromMe && ctx.sentIds.get(wid)) continue;
    const fromMe = Boolean(own.fromMe);
    const emoji = reaction.text ?? '';
    const peer = await chatPeer(ctx, chat, (own as { remoteJidAlt?: string }).remoteJidAlt, undefined);
    const participant = isGroupJid(chat) && own.participant ? await ctx.lids.peerOf(own.participant, (own as { participantAlt?: string }).participantAlt) : undefined;
    const ms = toNumber(reaction.senderTimestampMs as never);
    await ctx.io.inbound({
      wid,
      fromMe,
      timestamp: ms ? new Date(ms) : new Date(),
      peer,
      ...(participant ? { participant } : {}),
      body: emoji,
      mediaType: 'reactionMessage',
      reaction: { targetWid: target.id, emoji },
    });
  }
}

/** presence.update: typing and recording of the person (or of someone in a group). */
export async function onPresence(ctx: InboundContext, event: BaileysEventMap['presence.update']): Promise<void> {
  if (isIgnoredChat(event.id)) return;
  const states = Object.values(event.presences).map((p) => PRESENCES[p.lastKnownPresence]).filter(Boolean) as PresenceState[];
  if (!states.length) return;
  const state = states.find((s) => s === 'composing' || s === 'recording') ?? states[0]!;
  const peerId = isGroupJid(event.id) ? normalizeJid(event.id) : (await ctx.lids.peerOf(event.id)).id;
  ctx.io.presence(peerId, state);
}

/** contacts.upsert / contacts.update and history contacts: names and LID aliases of people. */
export async function onContacts(ctx: InboundContext, contacts: BaileysEventMap['contacts.update']): Promise<void> {
  for (const contact of contacts) {
    if (!contact.id) continue;
    const name = contact.name || contact.notify || contact.verifiedName;
    if (name) ctx.names.set(normalizeJid(contact.id), name);
    const alternatives = [contact.lid, contact.phoneNumber].filter(Boolean) as string[];
    for (const alt of alternatives) await ctx.lids.learn(contact.id, alt);
  }
}
