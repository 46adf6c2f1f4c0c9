import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import type { MediaDownloader } from './socket.js';

const REUPLOAD_STATUSES = [404, 410];

function statusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; output?: { statusCode?: unknown }; statusCode?: unknown } | null;
  const status = e?.status ?? e?.output?.statusCode ?? e?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Downloads an inbound media message. WhatsApp deletes media from its servers after a while
 * (404/410): then the sender's phone is asked to upload it again and the download is retried once.
 */
export async function downloadWithReupload(
  message: WAMessage,
  download: MediaDownloader,
  reupload: (message: WAMessage) => Promise<WAMessage>,
): Promise<Buffer> {
  try {
    return await download(message);
  } catch (error) {
    if (!REUPLOAD_STATUSES.includes(statusOf(error) ?? 0)) throw error;
    return download(await reupload(message));
  }
}

/** Extensions that would run as a page if served from the inbox's origin. */
const ACTIVE_EXTENSIONS = /\.(html?|xht(ml)?|svg|xml|js|mjs|shtml)$/i;

/** A sender's file name, made safe to store and serve: no folders, no active content type. */
export function safeInboundName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const visible = [...name].filter((c) => c.charCodeAt(0) >= 32 && !'"<>'.includes(c)).join('');
  const base = visible.split(/[\\/]/).pop()?.trim().slice(0, 150);
  if (!base) return undefined;
  return ACTIVE_EXTENSIONS.test(base) ? `${base}.txt` : base;
}

const VCARD_TYPES = ['text/vcard', 'text/x-vcard', 'text/directory'];

export interface OutboundMedia {
  data: Buffer;
  mimetype: string;
  fileName: string;
  asVoiceNote?: boolean;
}

/** The Baileys content for an outbound file, chosen by its MIME type. */
export function mediaContent(media: OutboundMedia, caption: string): AnyMessageContent {
  const mimetype = media.mimetype.toLowerCase();
  const major = mimetype.split('/')[0];
  const text = caption && caption !== media.fileName ? caption : undefined;
  if (VCARD_TYPES.includes(mimetype.split(';')[0]!.trim())) {
    return vcardContent(media.data.toString('utf8'));
  }
  if (major === 'image' && !mimetype.includes('gif')) return { image: media.data, mimetype: media.mimetype, ...(text ? { caption: text } : {}) };
  if (major === 'image' || major === 'video') {
    return { video: media.data, mimetype: major === 'video' ? media.mimetype : 'video/mp4', ...(major === 'image' ? { gifPlayback: true } : {}), ...(text ? { caption: text } : {}) };
  }
  if (major === 'audio') return audioContent(media);
  return { document: media.data, mimetype: media.mimetype, fileName: media.fileName, ...(text ? { caption: text } : {}) };
}

/**
 * Voice notes: WhatsApp's own voice notes are Ogg/Opus, and Baileys sends ptt with whatever MIME
 * type it is given. Ogg (and WebM) Opus go out as `audio/ogg; codecs=opus`; an MP3 goes out as a
 * voice note with `audio/mpeg` (phones play it; there is no transcoder here). Audio that is not a
 * voice note is sent as an ordinary audio file with its own type.
 */
export function audioContent(media: OutboundMedia): AnyMessageContent {
  const mimetype = media.mimetype.toLowerCase();
  if (!media.asVoiceNote) return { audio: media.data, mimetype: media.mimetype, ptt: false };
  if (mimetype.includes('mpeg') || mimetype.includes('mp3')) return { audio: media.data, mimetype: 'audio/mpeg', ptt: true };
  if (mimetype.includes('ogg') || mimetype.includes('opus') || mimetype.includes('webm')) {
    return { audio: media.data, mimetype: 'audio/ogg; codecs=opus', ptt: true };
  }
  return { audio: media.data, mimetype: media.mimetype, ptt: true };
}

/** A vCard as a contact card; the display name comes from its FN line. */
export function vcardContent(vcard: string): AnyMessageContent {
  const displayName = /^FN[^:]*:(.*)$/im.exec(vcard)?.[1]?.trim() || 'Contact';
  return { contacts: { displayName, contacts: [{ displayName, vcard }] } };
}

export const isVcard = (text: string): boolean => /^BEGIN:VCARD/i.test(text.trim());
