import type { MessageMediaType, NormalizedMessage } from '@guiche/core';

/** What one Messenger / Instagram messaging event means for core. */
export type MessagingAction =
  | { kind: 'message'; message: Omit<NormalizedMessage, 'media'>; attachment?: { url: string; type: string } }
  | { kind: 'ack'; ack: 2 | 3; mids?: string[]; watermark?: number; peerId: string }
  | { kind: 'ignore' };

type Event = Record<string, any>;

const ATTACHMENT_TYPES: Record<string, MessageMediaType> = { image: 'image', video: 'video', audio: 'audio', file: 'document', story_mention: 'image', ig_reel: 'video', reel: 'video' };

/**
 * One entry.messaging[] event. `ownId` is the page id (facebook) or the Instagram account id: an
 * event whose sender is us is an echo of something the business sent (here or in Meta's inbox).
 */
export function parseMessagingEvent(event: Event, ownId: string): MessagingAction {
  const senderId = String(event.sender?.id ?? '');
  const recipientId = String(event.recipient?.id ?? '');
  const fromMe = senderId === ownId || Boolean(event.message?.is_echo);
  const peerId = fromMe ? recipientId : senderId;
  if (!peerId) return { kind: 'ignore' };
  const timestamp = new Date(Number(event.timestamp) || Date.now());
  // The page-scoped id is the person's address (the contact's remoteJid), never a number (issue #32).
  const peer = { id: peerId };

  if (event.delivery) return { kind: 'ack', ack: 2, peerId, mids: event.delivery.mids, watermark: event.delivery.watermark };
  if (event.read) return { kind: 'ack', ack: 3, peerId, ...(event.read.mid ? { mids: [String(event.read.mid)] } : {}), watermark: event.read.watermark };

  if (event.reaction) {
    const r = event.reaction;
    const emoji = r.action === 'unreact' ? '' : String(r.emoji ?? r.reaction ?? '');
    return {
      kind: 'message',
      message: { wid: `reaction:${r.mid}:${senderId}:${event.timestamp}`, fromMe, timestamp, peer, body: emoji, mediaType: 'reactionMessage', reaction: { targetWid: String(r.mid), emoji } },
    };
  }

  if (event.postback) {
    const p = event.postback;
    const wid = String(p.mid ?? `postback:${senderId}:${event.timestamp}`);
    return { kind: 'message', message: { wid, fromMe: false, timestamp, peer, body: String(p.title ?? p.payload ?? ''), mediaType: 'chat', data: { postback: { payload: p.payload } } } };
  }

  const m = event.message;
  if (!m?.mid) return { kind: 'ignore' };
  if (m.is_deleted) return { kind: 'ignore' };
  const base = {
    wid: String(m.mid),
    fromMe,
    timestamp,
    peer,
    ...(m.reply_to?.mid ? { quotedWid: String(m.reply_to.mid) } : {}),
    ...(fromMe ? { imported: true } : {}),
  };
  const data: Record<string, unknown> = {};
  if (m.quick_reply?.payload) data.quickReply = { payload: m.quick_reply.payload };
  if (m.reply_to?.story) data.storyReply = { id: m.reply_to.story.id, url: m.reply_to.story.url };
  const attachment = (m.attachments ?? [])[0] as { type?: string; payload?: { url?: string; title?: string; coordinates?: { lat: number; long: number }; sticker_id?: number } } | undefined;
  if (attachment) {
    const type = String(attachment.type ?? 'file');
    if (type === 'location' && attachment.payload?.coordinates) {
      const { lat, long } = attachment.payload.coordinates;
      return { kind: 'message', message: { ...base, body: attachment.payload.title ?? `${lat},${long}`, mediaType: 'locationMessage', data: { ...data, location: { latitude: lat, longitude: long } } } };
    }
    const url = attachment.payload?.url;
    const mediaType = attachment.payload?.sticker_id ? 'sticker' : ATTACHMENT_TYPES[type];
    if (type === 'story_mention') data.storyMention = { url };
    if (url && mediaType) return { kind: 'message', message: { ...base, body: String(m.text ?? ''), mediaType, data: { ...data, attachmentType: type } }, attachment: { url, type } };
    // share, fallback, template…: kept as text with the link.
    return { kind: 'message', message: { ...base, body: [m.text, attachment.payload?.title, url].filter(Boolean).join(' '), mediaType: 'chat', data: { ...data, attachmentType: type } } };
  }
  return { kind: 'message', message: { ...base, body: String(m.text ?? ''), mediaType: 'chat', ...(Object.keys(data).length ? { data } : {}) } };
}
