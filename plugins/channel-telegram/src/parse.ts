import type { MessageMediaType, NormalizedMessage } from '@guiche/core';

type Message = Record<string, any>;
/** A file to fetch with getFile before the message is stored. */
export interface TelegramFile {
  fileId: string;
  mimetype: string;
  fileName: string;
}
export type UpdateAction =
  | { kind: 'message'; message: Omit<NormalizedMessage, 'media'>; file?: TelegramFile }
  | { kind: 'edit'; wid: string; body: string }
  | { kind: 'ignore' };

/** A message's id for core: message ids are unique per chat, so the chat is part of it. */
export const widOf = (chatId: number | string, messageId: number | string): string => `${chatId}:${messageId}`;
export function splitWid(wid: string): { chatId: string; messageId: number } {
  const at = wid.lastIndexOf(':');
  return { chatId: wid.slice(0, at), messageId: Number(wid.slice(at + 1)) };
}

const nameOf = (u: Record<string, any> | undefined): string | undefined => (u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || u.title || u.username : undefined);

function content(m: Message): { body: string; mediaType: MessageMediaType; file?: TelegramFile; data?: Record<string, unknown> } {
  const caption = String(m.caption ?? '');
  if (m.photo?.length) {
    const largest = m.photo[m.photo.length - 1];
    return { body: caption, mediaType: 'image', file: { fileId: largest.file_id, mimetype: 'image/jpeg', fileName: `${largest.file_unique_id}.jpg` } };
  }
  for (const [field, mediaType, mimetype, ext] of [['document', 'document', 'application/octet-stream', 'bin'], ['video', 'video', 'video/mp4', 'mp4'], ['audio', 'audio', 'audio/mpeg', 'mp3'], ['voice', 'audio', 'audio/ogg', 'ogg']] as const) {
    const f = m[field];
    if (f) return { body: caption, mediaType, file: { fileId: f.file_id, mimetype: f.mime_type ?? mimetype, fileName: f.file_name ?? `${f.file_unique_id}.${ext}` }, ...(field === 'voice' ? { data: { asVoiceNote: true } } : {}) };
  }
  if (m.sticker) {
    const s = m.sticker;
    const [mimetype, ext] = s.is_video ? ['video/webm', 'webm'] : s.is_animated ? ['application/x-tgsticker', 'tgs'] : ['image/webp', 'webp'];
    return { body: String(s.emoji ?? ''), mediaType: 'sticker', file: { fileId: s.file_id, mimetype, fileName: `${s.file_unique_id}.${ext}` } };
  }
  if (m.location) {
    const { latitude, longitude } = m.location;
    return { body: `${latitude},${longitude}`, mediaType: 'locationMessage', data: { location: { latitude, longitude } } };
  }
  if (m.contact) {
    const c = m.contact;
    const name = nameOf(c) ?? c.phone_number;
    const vcard = c.vcard ?? `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;type=CELL:${c.phone_number}\nEND:VCARD`;
    return { body: name, mediaType: 'contactMessage', data: { vcard } };
  }
  return { body: String(m.text ?? caption), mediaType: 'chat' };
}

/** One Update (https://core.telegram.org/bots/api#update): a new message, an edit, or something this channel ignores. */
export function parseUpdate(update: Record<string, any>): UpdateAction {
  if (update.edited_message) {
    const m = update.edited_message;
    return { kind: 'edit', wid: widOf(m.chat.id, m.message_id), body: String(m.text ?? m.caption ?? '') };
  }
  const m = update.message;
  if (!m?.chat) return { kind: 'ignore' };
  const isGroup = m.chat.type !== 'private';
  const chatName = nameOf(m.chat);
  const { body, mediaType, file, data } = content(m);
  const message: Omit<NormalizedMessage, 'media'> = {
    wid: widOf(m.chat.id, m.message_id),
    fromMe: false,
    timestamp: new Date(Number(m.date) * 1000),
    // A chat id is the person's address, not a phone (issue #32): the contact's number stays empty.
    peer: { id: String(m.chat.id), ...(chatName ? { name: chatName } : {}), ...(isGroup ? { isGroup } : {}) },
    ...(isGroup && m.from ? { participant: { id: String(m.from.id), name: nameOf(m.from) } } : {}),
    body,
    mediaType,
    ...(m.reply_to_message ? { quotedWid: widOf(m.chat.id, m.reply_to_message.message_id) } : {}),
    ...(m.forward_origin ? { isForwarded: true } : {}),
    ...(data ? { data } : {}),
  };
  return { kind: 'message', message, ...(file ? { file } : {}) };
}
