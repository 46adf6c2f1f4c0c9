import type { MessageMediaType, NormalizedMessage } from '@guiche/core';

/** A media reference of an inbound message: downloaded through the Graph API (id → URL → bytes). */
export interface MediaRef {
  id: string;
  mimetype: string;
  fileName?: string;
}

export interface ParsedInbound {
  message: Omit<NormalizedMessage, 'media'>;
  media?: MediaRef;
}

type WaMessage = Record<string, any>;

const MEDIA_KINDS: Record<string, MessageMediaType> = { image: 'image', audio: 'audio', video: 'video', document: 'document', sticker: 'sticker' };

function vcardOf(contact: Record<string, any>): string {
  const name = contact.name?.formatted_name ?? [contact.name?.first_name, contact.name?.last_name].filter(Boolean).join(' ');
  const phones = (contact.phones ?? []) as { phone?: string; wa_id?: string }[];
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`];
  for (const phone of phones) lines.push(phone.wa_id ? `TEL;type=CELL;waid=${phone.wa_id}:${phone.phone ?? phone.wa_id}` : `TEL:${phone.phone}`);
  lines.push('END:VCARD');
  return lines.join('\n');
}

/**
 * One message of a WhatsApp Cloud webhook as core's normalized message (without the media bytes,
 * which the caller downloads), or null for what is not a conversation message (system notices,
 * unsupported types are kept as text saying so).
 */
export function parseInbound(raw: WaMessage, names: Map<string, string>): ParsedInbound | null {
  const from = String(raw.from ?? '');
  const wid = String(raw.id ?? '');
  if (!from || !wid) return null;
  const name = names.get(from);
  const base = {
    wid,
    fromMe: false,
    timestamp: new Date(Number(raw.timestamp) * 1000 || Date.now()),
    peer: { id: from, number: from, ...(name ? { name } : {}) },
    ...(raw.context?.id ? { quotedWid: String(raw.context.id) } : {}),
    ...(raw.context?.forwarded || raw.context?.frequently_forwarded ? { isForwarded: true } : {}),
  };
  const type = String(raw.type ?? '');
  const kind = MEDIA_KINDS[type];
  if (kind) {
    const media = raw[type] ?? {};
    const fileName: string | undefined = media.filename ?? undefined;
    return {
      message: { ...base, body: media.caption ?? fileName ?? '', mediaType: kind, data: { metaMedia: { id: media.id, mime_type: media.mime_type, ...(media.voice ? { voice: true } : {}) } } },
      media: { id: String(media.id), mimetype: String(media.mime_type ?? 'application/octet-stream').split(';')[0]!.trim(), ...(fileName ? { fileName } : {}) },
    };
  }
  switch (type) {
    case 'text':
      return { message: { ...base, body: String(raw.text?.body ?? ''), mediaType: 'chat' } };
    case 'location': {
      const l = raw.location ?? {};
      const body = [l.name, l.address].filter(Boolean).join(' — ') || `${l.latitude},${l.longitude}`;
      return { message: { ...base, body, mediaType: 'locationMessage', data: { location: { latitude: l.latitude, longitude: l.longitude, name: l.name, address: l.address } } } };
    }
    case 'contacts': {
      const contacts = (raw.contacts ?? []) as Record<string, any>[];
      const vcards = contacts.map(vcardOf);
      return { message: { ...base, body: vcards.join('\n'), mediaType: 'contactMessage', data: { vcards } } };
    }
    case 'interactive': {
      const reply = raw.interactive?.button_reply ?? raw.interactive?.list_reply ?? raw.interactive?.nfm_reply ?? {};
      return { message: { ...base, body: String(reply.title ?? reply.body ?? ''), mediaType: 'chat', data: { interactive: { type: raw.interactive?.type, id: reply.id, description: reply.description } } } };
    }
    case 'button':
      return { message: { ...base, body: String(raw.button?.text ?? ''), mediaType: 'chat', data: { button: { payload: raw.button?.payload } } } };
    case 'reaction':
      return {
        message: { ...base, body: String(raw.reaction?.emoji ?? ''), mediaType: 'reactionMessage', reaction: { targetWid: String(raw.reaction?.message_id ?? ''), emoji: String(raw.reaction?.emoji ?? '') } },
      };
    case 'system':
      return null;
    default:
      return { message: { ...base, body: `[${type || 'unknown'}]`, mediaType: 'chat', data: { unsupported: type, errors: raw.errors } } };
  }
}
