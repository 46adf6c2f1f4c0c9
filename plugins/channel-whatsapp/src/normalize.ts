import { getContentType, normalizeMessageContent, type proto } from '@whiskeysockets/baileys';
import type { MessageMediaType } from '@guiche/core';

/** What a message's content says, before peers and media are resolved. */
export interface ContentView {
  mediaType: MessageMediaType;
  body: string;
  /** True when the bytes must be downloaded (image, audio, video, document, sticker). */
  downloadable: boolean;
  mimetype?: string;
  fileName?: string;
  quotedWid?: string;
  isForwarded?: boolean;
  data?: Record<string, unknown>;
}

const MEDIA: Partial<Record<keyof proto.IMessage, MessageMediaType>> = {
  imageMessage: 'image',
  videoMessage: 'video',
  ptvMessage: 'video',
  audioMessage: 'audio',
  stickerMessage: 'sticker',
  documentMessage: 'document',
};

const DEFAULT_MIME: Partial<Record<MessageMediaType, string>> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  audio: 'audio/ogg; codecs=opus',
  sticker: 'image/webp',
  document: 'application/octet-stream',
};

function contextOf(inner: unknown): proto.IContextInfo | undefined {
  return (inner as { contextInfo?: proto.IContextInfo | null } | null)?.contextInfo ?? undefined;
}

function mapsUrl(latitude: number, longitude: number): string {
  return `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`;
}

/** A reply chosen from buttons, lists or templates reads as the text the person picked. */
function replyText(content: proto.IMessage): string | null {
  return (
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.listResponseMessage?.singleSelectReply?.selectedRowId ??
    content.interactiveResponseMessage?.body?.text ??
    null
  );
}

/**
 * The inbox's view of a Baileys message content (already unwrapped from ephemeral, view-once,
 * document-with-caption). Null for what is not a conversation message: protocol messages
 * (revokes and edits arrive as messages.update), reactions (messages.reaction), key
 * distribution, polls' encrypted votes.
 */
export function viewOfContent(message: proto.IMessage | null | undefined): ContentView | null {
  const content = normalizeMessageContent(message);
  if (!content) return null;
  const type = getContentType(content);
  if (!type) return null;
  const inner = content[type] as Record<string, any> | null | undefined;
  const context = contextOf(inner);
  const common = {
    ...(context?.stanzaId ? { quotedWid: context.stanzaId } : {}),
    ...(context?.isForwarded ? { isForwarded: true } : {}),
  };

  const media = MEDIA[type];
  if (media && inner) {
    const mimetype: string = inner.mimetype || DEFAULT_MIME[media] || 'application/octet-stream';
    const fileName: string | undefined = type === 'documentMessage' ? inner.fileName || inner.title || undefined : undefined;
    const mediaType: MessageMediaType = media === 'document' && mimetype.startsWith('application/') ? 'application' : media;
    const data: Record<string, unknown> = {};
    if (type === 'audioMessage' && inner.ptt) data.ptt = true;
    if (inner.seconds) data.seconds = inner.seconds;
    return {
      mediaType,
      body: inner.caption || fileName || '',
      downloadable: true,
      mimetype,
      ...(fileName ? { fileName } : {}),
      ...(Object.keys(data).length ? { data } : {}),
      ...common,
    };
  }

  switch (type) {
    case 'conversation':
      return { mediaType: 'chat', body: content.conversation ?? '', downloadable: false, ...common };
    case 'extendedTextMessage':
      return { mediaType: 'chat', body: content.extendedTextMessage?.text ?? '', downloadable: false, ...common };
    case 'locationMessage':
    case 'liveLocationMessage': {
      const location = (content.locationMessage ?? content.liveLocationMessage) as proto.Message.ILocationMessage;
      const latitude = Number(location.degreesLatitude ?? 0);
      const longitude = Number(location.degreesLongitude ?? 0);
      const url = mapsUrl(latitude, longitude);
      const label = [location.name, location.address].filter(Boolean).join(' — ');
      return {
        mediaType: 'locationMessage',
        body: label || url,
        downloadable: false,
        data: { latitude, longitude, url, ...(location.name ? { name: location.name } : {}), ...(location.address ? { address: location.address } : {}) },
        ...common,
      };
    }
    case 'contactMessage':
      return {
        mediaType: 'contactMessage',
        body: content.contactMessage?.displayName ?? '',
        downloadable: false,
        data: { vcard: content.contactMessage?.vcard ?? '' },
        ...common,
      };
    case 'contactsArrayMessage': {
      const contacts = content.contactsArrayMessage?.contacts ?? [];
      return {
        mediaType: 'contactMessage',
        body: contacts.map((c) => c.displayName).filter(Boolean).join(', ') || content.contactsArrayMessage?.displayName || '',
        downloadable: false,
        data: { vcards: contacts.map((c) => c.vcard ?? '') },
        ...common,
      };
    }
    default: {
      const text = replyText(content);
      return text !== null ? { mediaType: 'chat', body: text, downloadable: false, ...common } : null;
    }
  }
}

/** The text of an edit (messages.update's update.message.editedMessage or a protocol edit). */
export function editedText(message: proto.IMessage | null | undefined): string | null {
  const view = viewOfContent(message);
  return view ? view.body : null;
}
