import { z } from 'zod';
import { IDS_MAX, PrimitiveV, id, idOrZero, pageNumber, text, uuid } from './primitives.js';
import { V } from './messages.js';

/** Messages, ticket notes, ticket tags and quick messages (inbox.md §3, §5, §7; outreach-config.md §5–§7). */

/** Validation keys of this area (namespace "validation"). */
export const MessagesApiV = {
  messageEmpty: 'validation.messageEmpty',
  mediaTab: 'validation.mediaTab',
  emoji: 'validation.emoji',
  forwardNothing: 'validation.forwardNothing',
  quickMessageCategory: 'validation.quickMessageCategory',
  quickMessageShortcodeTaken: 'validation.quickMessageShortcodeTaken',
  mediaUrl: 'validation.mediaUrl',
} as const;

export const MESSAGES_PAGE_SIZE = 20;
export const MESSAGE_MEDIA_PAGE_SIZE = 50;
export const QUICK_MESSAGES_PAGE_SIZE = 20;
/** inbox.md §9: editing is offered for 15 minutes after sending. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** inbox.md §9: forwarded messages go out 900 ms apart. */
export const FORWARD_SPACING_MS = 900;
export const MESSAGE_BODY_MAX = 65536;
/** Files one multipart send may carry (one message each). */
export const MESSAGE_MEDIA_MAX_FILES = 10;

/** Live events of this area not already named in Events / TicketEvents. */
export const MessagesApiEvents = {
  /** The spec's spelling (outreach-config.md §7): company-{id}-quickemessage. */
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage`,
} as const;

/** JSON booleans, and the "true"/"false" strings multipart forms carry. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** selectedQueues as the web sends it: a JSON array (or a comma list) of queue ids. */
const queueIdsParam = z
  .string()
  .max(IDS_MAX * 12)
  .regex(/^[[\]\d,\s"nul]*$/, PrimitiveV.ids)
  .transform((value, ctx) => {
    const list = value.trim();
    if (!list) return [];
    try {
      const raw = list.startsWith('[') ? JSON.parse(list) : list.split(',');
      return z.array(idOrZero).max(IDS_MAX).parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: PrimitiveV.ids });
      return z.NEVER;
    }
  });

export const messagesQuerySchema = z.object({
  pageNumber,
  /** Accepted for the web's call; which messages a user sees is decided by the ticket's visibility. */
  selectedQueues: queueIdsParam.optional(),
});

/** GET /messages/{ticketId}/earlier: the contact's earlier conversations, older than `beforeId`. */
export const earlierMessagesQuerySchema = z.object({ beforeId: id.optional() });

/** The ticket a stretch of earlier messages belongs to (the separator above it names it). */
export interface EarlierTicket {
  id: number;
  uuid: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  /** The connection's name (the drawer's list spans every connection). */
  connection: string | null;
}

export const ticketParamsSchema = z.object({ ticketId: z.union([id, uuid], { error: PrimitiveV.id }) });
export const messageIdParamsSchema = z.object({ id });

const body = text(MESSAGE_BODY_MAX);

/** A contact card sent as a message (the web's "send contact" dialog). */
export const vCardSchema = z.object({
  name: text(100, { trim: true }).min(1, V.required),
  number: text(50, { trim: true }).min(8, V.tooShort),
});

/** POST /messages/{ticketId} as JSON. read and fromMe are what the web sends; they are not trusted. */
export const messageSendSchema = z.object({
  body: body.default(''),
  quotedMsg: z.preprocess(emptyToUndefined, z.object({ id }).optional()),
  isPrivate: flag.default(false),
  /** Off: the sendSignMessage prefix is not added to this message. */
  signMessage: flag.default(true),
  vCard: z.preprocess(emptyToUndefined, vCardSchema.optional()),
  /** A file already stored for the company (e.g. a quick message's media): a storage path or its /public URL. */
  mediaUrl: z.preprocess(emptyToUndefined, text(1000).optional()),
});
export type MessageSendInput = z.infer<typeof messageSendSchema>;

/** The text fields of a multipart POST /messages/{ticketId}; files come in the `medias` field. */
export const messageMultipartFieldsSchema = z.object({
  /** One caption, or one per file in the files' order. */
  body: z.array(body).max(MESSAGE_MEDIA_MAX_FILES).default([]),
  isPrivate: flag.default(false),
  signMessage: flag.default(true),
  quotedMsgId: z.preprocess(emptyToUndefined, id.optional()),
  /** The file name shown for the (first) document. */
  mediaTitle: z.preprocess(emptyToUndefined, text(255, { trim: true }).optional()),
});

export const messageEditSchema = z.object({
  body: text(MESSAGE_BODY_MAX, { trim: true }).min(1, V.required),
});

export const messageForwardSchema = z.object({
  /** One message id or several (sent in this order, 900 ms apart). */
  messageId: z.union([id, z.array(id).min(1, MessagesApiV.forwardNothing).max(50, V.tooLong)], { error: MessagesApiV.forwardNothing }),
  contactId: id,
  signMessage: flag.default(false),
});

/** POST /react/messages: text is the emoji (an empty text removes the reaction); fromMe, remoteJid and ticketId are ignored. */
export const messageReactSchema = z.object({
  id,
  text: text(16, { tooLong: MessagesApiV.emoji, error: MessagesApiV.emoji }),
});

export const MessageMediaTabs = ['media', 'documents', 'links', 'calls'] as const;
export type MessageMediaTab = (typeof MessageMediaTabs)[number];

export const messageMediaQuerySchema = z.object({
  type: z.enum(MessageMediaTabs, { error: MessagesApiV.mediaTab }).default('media'),
  pageNumber,
});

export const messageImagesQuerySchema = z.object({
  pageNumber,
});

export interface QuotedMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaUrl: string | null;
  isDeleted: boolean;
  contact: { id: number; name: string } | null;
}

/**
 * A message as the API and the live company-{id}-appMessage events answer it (inbox.md §3 Message).
 * mediaUrl is the browser URL of the stored file (/public/<storage path>); the database keeps the
 * storage path. POST /messages accepts either form back as mediaUrl.
 */
export interface MessageRecord {
  id: number;
  ticketId: number;
  contactId: number | null;
  whatsappId: number | null;
  userId: number | null;
  companyId: number;
  wid: string | null;
  fromMe: boolean;
  body: string;
  ack: number;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  quotedMsg: QuotedMessage | null;
  isDeleted: boolean;
  isEdited: boolean;
  isPrivate: boolean;
  isForwarded: boolean;
  remoteJid: string | null;
  participant: string | null;
  sendStatus: 'pending' | 'sent' | 'failed' | null;
  data: unknown;
  /** The text of an audio message once transcribed (issue #33), else null. */
  transcript: string | null;
  contact: { id: number; name: string; number: string; profilePicUrl: string | null; isGroup: boolean } | null;
  createdAt: string;
  updatedAt: string;
}

// ——— Ticket notes ———

export const ticketNoteInputSchema = z.object({
  note: text(5000, { trim: true }).min(1, V.required).min(2, V.tooShort),
  ticketId: id,
  contactId: id,
});

export const ticketNotesQuerySchema = z.object({
  ticketId: id,
  contactId: z.preprocess(emptyToUndefined, id.optional()),
});

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

// ——— Ticket tags ———

export const ticketTagParamsSchema = z.object({ ticketId: id, tagId: id });
export const ticketTagsParamsSchema = z.object({ ticketId: id });
/** PUT /ticket-tags/:ticketId: the ticket's whole set of plain (non-kanban) tags; its kanban lane stays. */
export const ticketTagSetSchema = z.object({ tagIds: z.array(id).max(100, V.tooLong) });

// ——— Quick messages ———

const shortcode = text(100, { trim: true }).min(1, V.required);

/** POST /quick-messages. A category is a row with isCategory (its shortcode is the category's name). */
export const quickMessageInputSchema = z.object({
  shortcode,
  message: text(MESSAGE_BODY_MAX).default(''),
  geral: flag.default(false),
  isCategory: flag.default(false),
  categoryId: z.preprocess(emptyToUndefined, id.nullable().optional()),
  status: flag.default(true),
});

export const quickMessageUpdateSchema = z.object({
  shortcode: shortcode.optional(),
  message: text(MESSAGE_BODY_MAX).optional(),
  geral: flag.optional(),
  categoryId: z.preprocess((v) => (v === '' ? null : v), id.nullable().optional()),
  status: flag.optional(),
});

export const quickMessagesQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
});

export const quickMessagesListQuerySchema = z.object({
  searchParam: text(200).optional(),
  categoryId: z.preprocess(emptyToUndefined, id.optional()),
});

export interface QuickMessage {
  id: number;
  companyId: number;
  userId: number | null;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  isCategory: boolean;
  categoryId: number | null;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}
