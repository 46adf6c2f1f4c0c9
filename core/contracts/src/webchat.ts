import { z } from 'zod';
import { id, oneOf, text } from './primitives.js';
import { V } from './messages.js';

/**
 * The website chat channel (plugins/channel-webchat): what a site visitor's widget sends over the
 * /webchat socket.io namespace and the public /webchat/:token/* routes. A visitor is known only
 * by a random id their browser keeps; the connection by its public token.
 */

export const WebchatV = {
  token: 'validation.webchatToken',
  visitorId: 'validation.webchatVisitorId',
  clientId: 'validation.webchatClientId',
  fileType: 'validation.webchatFileType',
  file: 'validation.webchatFile',
} as const;

/** The widget's random id, kept in the visitor's localStorage; it is the visitor's only credential. */
export const webchatVisitorId = z.string({ error: WebchatV.visitorId }).max(64, WebchatV.visitorId).regex(/^[A-Za-z0-9_-]{16,64}$/, WebchatV.visitorId);
/** A connection token: 30 uppercase alphanumerics. */
export const webchatToken = z.string({ error: WebchatV.token }).max(30, WebchatV.token).regex(/^[A-Z0-9]{30}$/, WebchatV.token);
/** The widget's id of one message: a resend after a reconnect carries the same id and changes nothing. */
export const webchatClientId = z.string({ error: WebchatV.clientId }).max(64, WebchatV.clientId).regex(/^[A-Za-z0-9_-]{8,64}$/, WebchatV.clientId);

export const WEBCHAT_MAX_BODY = 4096;
export const WEBCHAT_MAX_NAME = 50;

const optionalText = (max: number) =>
  text(max, { trim: true })
    .optional()
    .transform((value) => value || undefined);

/** socket.io handshake `auth` of a visitor (name, e-mail and phone from the widget's optional form). */
export const webchatHandshakeSchema = z.object({
  token: webchatToken,
  visitorId: webchatVisitorId,
  name: optionalText(WEBCHAT_MAX_NAME),
  email: text(120, { trim: true })
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email(V.invalidEmail).optional()),
  phone: z
    .string()
    .trim()
    .max(30, V.tooLong)
    .regex(/^[0-9+()\-. ]*$/, V.phone11)
    .optional()
    .transform((value) => value || undefined),
  /** Two-letter language of the widget, for the default name of an anonymous visitor. */
  lang: z.enum(['pt', 'en', 'es', 'tr']).optional(),
});
export type WebchatHandshake = z.infer<typeof webchatHandshakeSchema>;

/** Visitor → server `message` (text). Media go through POST /webchat/:token/messages. */
export const webchatMessageSchema = z.object({
  clientId: webchatClientId,
  body: text(WEBCHAT_MAX_BODY, { trim: true }).min(1, V.required),
});

/** Visitor → server `delivered` / `read` / `played`: the agent messages (wids) the widget received / showed / played. */
export const webchatAckSchema = z.object({
  wids: z.array(text(255).min(1)).min(1, V.required).max(200, V.tooLong),
});

/** Visitor → server `typing`. */
export const webchatTypingSchema = z.object({ state: z.enum(['composing', 'paused']) });

export const webchatTokenParamsSchema = z.object({ token: webchatToken });

/** GET /webchat/:token/messages: the visitor's own conversation, newest page first, each page oldest first. */
export const webchatHistoryQuerySchema = z.object({
  visitorId: webchatVisitorId,
  beforeId: id.optional(),
});

/** Text fields of the multipart POST /webchat/:token/messages (plus one `file`): who, as in the handshake. */
export const webchatMediaFieldsSchema = webchatHandshakeSchema.omit({ token: true }).extend({
  clientId: webchatClientId,
  body: text(WEBCHAT_MAX_BODY, { trim: true }).optional(),
});

/** One message as the widget shows it (history and live `message` events). */
export interface WebchatMessage {
  /** messages.id; absent on a live event of an agent message not yet listed. */
  id?: number;
  wid: string;
  /** Written by the visitor (else by the company: an agent or the bot). */
  fromVisitor: boolean;
  body: string;
  mediaType: string;
  /** `/public/...`, relative to the Guichê server. */
  mediaUrl: string | null;
  mediaName: string | null;
  createdAt: string;
  /** For the visitor's own messages: the agent has read it. */
  read?: boolean;
  isDeleted?: boolean;
}

/** Socket.io events of the /webchat namespace. */
export const WebchatEvents = {
  /** both ways: a message (visitor → server with an ack callback; server → visitor a WebchatMessage) */
  message: 'message',
  /** visitor → server: agent messages received */
  delivered: 'delivered',
  /** visitor → server: agent messages shown; server → visitor: the agent read these visitor wids */
  read: 'read',
  /** visitor → server: agent voice/audio messages the visitor played */
  played: 'played',
  /** both ways `{ state: 'composing' | 'paused' }`: the visitor typing (to the agents), the company typing (to the visitor: a bot's delay) */
  typing: 'typing',
} as const;

// ——— the site settings of a webchat connection (the connection dialog's "Site" section) ———

export const WEBCHAT_LANGS = ['pt', 'en', 'es', 'tr'] as const;
export const WEBCHAT_POSITIONS = ['right', 'left'] as const;
export const WEBCHAT_MAX_ORIGINS = 20;
export const WEBCHAT_MAX_TITLE = 60;

export const WebchatSiteV = {
  origin: 'validation.webchatOrigin',
  color: 'validation.webchatColor',
} as const;

const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** "https://shop.example.com" or "http://localhost:8080": a scheme, a host and maybe a port — nothing more. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;
export const webchatOrigin = text(200, { trim: true, error: WebchatSiteV.origin, tooLong: WebchatSiteV.origin })
  .transform((value) => value.toLowerCase().replace(/\/+$/, ''))
  .pipe(z.string().regex(ORIGIN, WebchatSiteV.origin));

/**
 * PUT /webchat/sites/{whatsappId}: how the widget looks by default (a script's data-* attributes
 * still win) and which sites may embed it. No origins = any site (the connection token is public).
 */
export const webchatSiteSchema = z.object({
  title: text(WEBCHAT_MAX_TITLE, { trim: true }).default('').transform((value) => value || null),
  color: z.preprocess(emptyToNull, text(7, { tooLong: WebchatSiteV.color }).regex(/^#[0-9a-fA-F]{6}$/, WebchatSiteV.color).nullable().default(null)).transform((value) => value?.toLowerCase() ?? null),
  position: oneOf(WEBCHAT_POSITIONS).default('right'),
  lang: z.preprocess(emptyToNull, oneOf(WEBCHAT_LANGS).nullable().default(null)),
  allowedOrigins: z
    .array(webchatOrigin)
    .max(WEBCHAT_MAX_ORIGINS, WebchatSiteV.origin)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type WebchatSiteInput = z.input<typeof webchatSiteSchema>;
export type WebchatSite = z.output<typeof webchatSiteSchema>;

/** What the widget reads of the site settings (GET /webchat/{token}/site): never the origins list. */
export interface WebchatSiteLook {
  title: string | null;
  color: string | null;
  position: (typeof WEBCHAT_POSITIONS)[number];
  lang: (typeof WEBCHAT_LANGS)[number] | null;
}
