import { PermanentSendError, type OutboundMessage, type Storage } from '@guiche/core';

/** Cloud API media limits (bytes) and accepted types, checked before any upload. */
export const MEDIA_LIMITS = {
  image: { max: 5 * 1024 * 1024, types: ['image/jpeg', 'image/png'] },
  sticker: { max: 500 * 1024, types: ['image/webp'] },
  audio: { max: 16 * 1024 * 1024, types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'] },
  video: { max: 16 * 1024 * 1024, types: ['video/mp4', 'video/3gpp'] },
  document: { max: 100 * 1024 * 1024, types: [] as string[] },
} as const;

export type CloudMediaKind = keyof typeof MEDIA_LIMITS;

/** Thrown for a file the Cloud API would refuse: the message fails at once with this text, nothing is sent. */
export class MediaRejected extends PermanentSendError {}

export function kindOf(mimetype: string): CloudMediaKind {
  const type = mimetype.split(';')[0]!.trim();
  for (const kind of ['image', 'sticker', 'audio', 'video'] as const) if ((MEDIA_LIMITS[kind].types as readonly string[]).includes(type)) return kind;
  return 'document';
}

export async function readMedia(storage: Pick<Storage, 'stat' | 'read'>, media: NonNullable<OutboundMessage['media']>): Promise<{ data: Buffer; kind: CloudMediaKind }> {
  const kind = kindOf(media.mimetype);
  const stat = await storage.stat(media.path);
  if (!stat) throw new MediaRejected(`ERR_MEDIA_NOT_FOUND: ${media.path}`);
  if (stat.size > MEDIA_LIMITS[kind].max) throw new MediaRejected(`ERR_MEDIA_TOO_LARGE: ${kind} over ${MEDIA_LIMITS[kind].max} bytes (${stat.size})`);
  return { data: await storage.read(media.path), kind };
}

/** The JSON body of POST /{phone-number-id}/messages for a text, media or location message. */
export function messageBody(message: OutboundMessage, mediaId?: string, kind?: CloudMediaKind): Record<string, unknown> {
  const base: Record<string, unknown> = { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to.number ?? message.to.id };
  if (message.quotedWid) base.context = { message_id: message.quotedWid };
  if (message.location) {
    const { latitude, longitude, name, address } = message.location;
    return { ...base, type: 'location', location: { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } };
  }
  if (mediaId && kind && message.media) {
    const caption = message.body && message.body !== message.media.fileName ? message.body : undefined;
    const object: Record<string, unknown> = { id: mediaId };
    if (caption && kind !== 'audio' && kind !== 'sticker') object.caption = caption;
    if (kind === 'document') object.filename = message.media.fileName;
    return { ...base, type: kind, [kind]: object };
  }
  return { ...base, type: 'text', text: { body: message.body, preview_url: /https?:\/\//.test(message.body) } };
}
