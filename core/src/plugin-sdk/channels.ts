import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';

/** The channel SDK (ARCHITECTURE §3): what a channel plugin implements and what it is given. */

/** A first-party channel's name or the one a channel plugin declares (lowercase, unique among loaded channels). */
export type ChannelName = 'whatsapp' | 'whatsappapi' | 'facebook' | 'instagram' | 'webchat' | 'telegram' | (string & {});
export type SessionStatus = 'CONNECTED' | 'qrcode' | 'PAIRING' | 'DISCONNECTED' | 'TIMEOUT' | 'OPENING';
/** 0 clock (stored, not yet sent), 1 sent, 2 delivered, 3 read, 4 played. */
export type Ack = 0 | 1 | 2 | 3 | 4;
export type MessageMediaType =
  | 'chat'
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'document'
  | 'sticker'
  | 'locationMessage'
  | 'contactMessage'
  | 'reactionMessage'
  | 'call_log';

export interface ChannelCapabilities {
  edit: boolean;
  delete: boolean;
  react: boolean;
  markRead: boolean;
  checkNumber: boolean;
  media: boolean;
  groups: boolean;
  presence: boolean;
  /** The session can pair by a code typed on the phone (ChannelSession.requestPairingCode). */
  pairingCode?: boolean;
  /**
   * Sends the provider takes at once, each to another contact (a contact's messages always go one
   * after another, in order). Absent or 1: one send at a time for the whole connection.
   */
  parallelSends?: number;
}

/** The other party of a conversation as the channel knows it. */
export interface ChannelPeer {
  /** The channel's address for this party: phone digits, a page-scoped id, a visitor id, a group id. */
  id: string;
  name?: string;
  /** Phone number digits when the channel has one (WhatsApp), for the contact's number. */
  number?: string;
  email?: string;
  /** WhatsApp LID alias of the same person, when known. */
  lid?: string;
  profilePicUrl?: string;
  isGroup?: boolean;
}

export interface InboundMedia {
  data: Buffer;
  mimetype: string;
  fileName?: string;
}

/** A message as every channel hands it to core's ingest pipeline. */
export interface NormalizedMessage {
  /** The channel's id of this message: unique per connection; replays carry the same wid. */
  wid: string;
  fromMe: boolean;
  timestamp: Date;
  /** The conversation's other party (for a group: the group). */
  peer: ChannelPeer;
  /** Who wrote it inside a group. */
  participant?: ChannelPeer;
  body: string;
  mediaType: MessageMediaType;
  media?: InboundMedia;
  quotedWid?: string;
  isForwarded?: boolean;
  /** For mediaType reactionMessage: the message reacted to and the emoji ('' removes it). */
  reaction?: { targetWid: string; emoji: string };
  /** Channel-specific payload kept for later use (vCard, location, raw event). */
  data?: Record<string, unknown>;
  /** True for history imports: no bot, no notification. */
  imported?: boolean;
}

export interface OutboundMessage {
  /** messages.id of the stored message being delivered. */
  messageId: number;
  /**
   * Derived from the stored row (never random): every attempt to deliver this message, before and
   * after a crash, carries the same key. A channel that lets the sender name a message uses it so a
   * resend is recognised as the same message (docs/architecture.md, delivery on the wire). Absent
   * for a send without a stored row (the connection test message).
   */
  wireKey?: string;
  to: ChannelPeer;
  body: string;
  /** path: the storage key (company<id>/...); read it through ctx.storage, never from disk. */
  media?: { path: string; mimetype: string; fileName: string; asVoiceNote?: boolean };
  quotedWid?: string;
  isForwarded?: boolean;
  /** A location pin (mediaType locationMessage); body is then its caption. */
  location?: OutboundLocation;
  /** An approved template (WhatsApp Cloud API); body is then the text as the customer sees it. */
  template?: OutboundTemplate;
}

/** A message template by name and language, with its variables' values in order. */
export interface OutboundTemplate {
  name: string;
  language: string;
  parameters: string[];
  /** The variables' names for a template with named parameters (Meta's parameter_format NAMED). */
  parameterNames?: string[];
  /** The header text's variable values (and names, NAMED templates), when the header has one. */
  headerParameters?: string[];
  headerParameterNames?: string[];
  /** The header's file, when the template's header is an image, document or video. */
  headerMedia?: { kind: 'image' | 'document' | 'video'; link: string };
  /** The suffix of each URL button with a variable, by the button's position in the template. */
  buttonParameters?: { index: number; text: string }[];
}

/**
 * A send by template: the template's name, its language and one value per variable, in order; and
 * where the template has them the header's text variable, its file's address and the URL buttons'
 * suffixes (issue #29).
 */
export interface TemplateChoice {
  name: string;
  language: string;
  variables: string[];
  headerVariables?: string[];
  headerMedia?: string | null;
  buttonVariables?: string[];
}

/**
 * What a channel with a customer-service window offers core (ChannelDefinition.templates; the
 * WhatsApp Cloud API: free text only within 24 h of the contact's last message, else an approved
 * template). Core asks it instead of reading the channel's template table.
 */
export interface ChannelTemplates {
  /** Free text reaches a contact who last wrote at `lastInboundAt` (null: never) at `now`. */
  windowOpen(lastInboundAt: Date | null, now: Date): boolean;
  /**
   * The connection's approved stored template `choice` names, its values counted against its
   * variables: AppError 400 ERR_TEMPLATE_NOT_FOUND (not stored, or no longer APPROVED) or
   * ERR_TEMPLATE_VARIABLES. Answers the outbound template and the text the customer reads.
   */
  approved(db: Knex | Knex.Transaction, connectionId: number, choice: TemplateChoice): Promise<{ template: OutboundTemplate; body: string }>;
}

export interface OutboundLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export interface SendResult {
  wid: string;
  ack?: Ack;
  /**
   * Channel payload kept in messages.data (merged into what is there), e.g. the message as the
   * channel encoded it so a retry request after a restart can be answered (io.findMessage).
   */
  data?: Record<string, unknown>;
}

export interface ChannelSession {
  start(): Promise<void>;
  /** Stops the session but keeps its auth state (restart, lease lost, shutdown). */
  stop(): Promise<void>;
  /** Ends the session for good and clears its auth state on the channel's side. */
  logout(): Promise<void>;
  send(message: OutboundMessage): Promise<SendResult>;
  edit?(to: ChannelPeer, wid: string, body: string): Promise<void>;
  delete?(to: ChannelPeer, wid: string): Promise<void>;
  react?(to: ChannelPeer, wid: string, emoji: string): Promise<void>;
  markRead?(to: ChannelPeer, wids: string[]): Promise<void>;
  /** Shows the account's own presence to the peer: 'composing' is "typing…", 'paused' ends it (channels with capabilities.presence). */
  showPresence?(to: ChannelPeer, state: OutboundPresence): Promise<void>;
  /** The id the channel accepts for a number, or null when it is not on the channel. */
  checkNumber?(number: string): Promise<string | null>;
  profile?(peer: ChannelPeer): Promise<{ name?: string; pictureUrl?: string }>;
  /** Pairing-code alternative to the QR, for channels that have one. */
  requestPairingCode?(number: string): Promise<string>;
  /** The people of the account's address book (POST /contacts/import); a plain array is accepted too. */
  contacts?(): Promise<ChannelPeer[]> | ChannelPeer[];
  /** The people the account has chats with, newest first (POST /contacts/import/chats). */
  chats?(): Promise<ChannelPeer[]> | ChannelPeer[];
}

/** Transactional key-value store of a connection's credentials and keys (never files). */
export interface AuthStateStore {
  get<T = unknown>(category: string, id: string): Promise<T | null>;
  getMany<T = unknown>(category: string, ids: string[]): Promise<Record<string, T>>;
  /** All entries written in one transaction; a null value deletes the key. */
  set(entries: { category: string; id: string; value: unknown | null }[]): Promise<void>;
  clear(): Promise<void>;
}

export interface ConnectionInfo {
  id: number;
  companyId: number;
  name: string;
  channel: ChannelName;
  token: string;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  importOldMessages: string | null;
  importRecentMessages: string | null;
  importOldMessagesGroups: boolean;
}

export type PresenceState = 'composing' | 'recording' | 'available' | 'paused';
/** The presence the company shows a contact (ChannelSession.showPresence). */
export type OutboundPresence = 'composing' | 'paused';

export interface DisconnectInfo {
  /** The channel's code (Baileys: 401 logged out, 515 restart required, 440 replaced, 500 bad session). */
  code?: number;
  /** What the supervisor should do: reconnect with backoff, restart now, or stop for good. */
  action: 'reconnect' | 'restart' | 'stop' | 'logout';
  message?: string;
}

/** How a running session reports to core. */
export interface SessionIO {
  readonly connection: ConnectionInfo;
  readonly authState: AuthStateStore;
  readonly log: FastifyBaseLogger;
  /**
   * statusImportMessages: the history import's state (e.g. the time it started, for the 'preparing'
   * card); IMPORT_DONE_STATUS ('renderButtonCloseTickets') when it finished, after which core closes
   * the imported tickets when the connection says closedTicketsPostImported.
   */
  status(status: SessionStatus, extra?: { qrcode?: string; retries?: number; number?: string; statusImportMessages?: string | null }): Promise<void>;
  inbound(message: NormalizedMessage): Promise<void>;
  ack(wid: string, ack: Ack): Promise<void>;
  edited(wid: string, body: string): Promise<void>;
  deleted(wid: string): Promise<void>;
  presence(peerId: string, state: PresenceState): void;
  importProgress(progress: { action: 'update' | 'refresh'; status?: { this: number; all: number; date?: string } }): void;
  /** The session ended; the supervisor decides on reconnecting (with backoff and jitter). */
  disconnected(info: DisconnectInfo): void;
  /** Answers a channel's question about a message it sent earlier (Baileys getMessage). */
  findMessage(wid: string): Promise<{ body: string; mediaType: MessageMediaType; data: Record<string, unknown> | null } | null>;
  /**
   * The channel learnt that a LID and a phone number (digits) are one person, without a message:
   * core gives the contact known by one address the other, and merges two contacts split across them.
   */
  identity?(number: string, lid: string): Promise<void>;
  /**
   * The newest message stored for a chat (its peer id: phone digits, LID or group id) on this
   * connection, for gap recovery; with `mark` (from storedMark) only among those stored by then.
   */
  lastStored?(peerId: string, mark?: number): Promise<{ wid: string; fromMe: boolean; timestamp: Date } | null>;
  /** A mark of what this connection has stored so far (lastStored's `mark`). */
  storedMark?(): Promise<number>;
}
