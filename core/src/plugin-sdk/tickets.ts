import type { Knex } from 'knex';
import type { Contact, TicketSla, TicketStatus, TicketsQuery } from '@guiche/contracts';
import type { InboundMedia, NormalizedMessage, OutboundLocation, OutboundTemplate } from './channels.js';
import type { AuthUser } from './http.js';
import type { WithinTransaction } from './timed-work.js';

/** A tickets row as knex returns it (camelCase). */
export interface TicketRow {
  id: number;
  uuid: string;
  companyId: number;
  contactId: number;
  whatsappId: number | null;
  userId: number | null;
  queueId: number | null;
  status: TicketStatus;
  channel: string;
  isGroup: boolean;
  isBot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  unreadMessages: number;
  lastMessage: string;
  lastMessageAt: Date | null;
  amountUsedBotQueues: number;
  imported: boolean;
  acceptedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The bot's state (core/src/bot): its stage, the option whose children are being offered, the invalid-answers window. */
  botStage?: 'lgpd' | 'menu' | 'options' | null;
  chatbotId?: number | null;
  botAttemptsAt?: Date | null;
  botAskedAt?: Date | null;
  outOfHoursSentAt?: Date | null;
  /** The handler a plan module claimed the ticket for through a conversation starter (bot.ts). */
  conversationHandler?: string | null;
}

/** A ticket as the API and the live events answer it (inbox.md §3 Ticket). */
export interface TicketDetails extends TicketRow {
  contact: Contact;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  /**
   * hasFarewell: the connection has a farewell (complationMessage), so resolving can send one;
   * hasRatingMessage: it has a ratingMessage, without which no rating request is sent.
   */
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: string; wavoip: string | null; hasFarewell: boolean; hasRatingMessage: boolean } | null;
  /** The ticket's tags: its plain tags (the drawer's picker) and its kanban lane (`kanban` true). */
  tags: { id: number; name: string; color: string; kanban: boolean }[];
  /** The contact's answer to the rating question of this ticket (1 to 5), when there is one. */
  userRating: { rate: number } | null;
  /** The ticket's SLA clocks (issue #33), null when no target applies to it. */
  sla: TicketSla | null;
}

export interface TicketPage {
  tickets: TicketDetails[];
  hasMore: boolean;
  /** Pass as `cursor` for the next page (keyset on updated_at desc, id desc). */
  nextCursor: string | null;
}

/** Core services of the messaging core, shared by channels, plugins and routes. */

export interface IngestResult {
  messageId: number;
  ticketId: number;
  contactId: number;
  /** False when the message was already stored (a replay) or skipped: nothing changed. */
  created: boolean;
  /** Set when the message was not ingested at all (a group on a connection that does not allow groups); the ids are then 0. */
  skipped?: 'groupNotAllowed';
}

/** normalized inbound → contact upsert → ticket find-or-create → persist → live events. */
export interface IngestService {
  ingest(connectionId: number, message: NormalizedMessage): Promise<IngestResult>;
  applyAck(connectionId: number, wid: string, ack: number): Promise<void>;
  applyEdit(connectionId: number, wid: string, body: string): Promise<void>;
  applyDelete(connectionId: number, wid: string): Promise<void>;
  /**
   * The file of a message stored earlier without it (a channel that downloads media in the
   * background): stored, set on the message (its data loses `mediaPending`) and announced.
   * False when the message is unknown or already has its file. `within` (a timed job) makes the
   * update part of the caller's transaction and announces it after the commit.
   */
  applyMedia(connectionId: number, wid: string, media: InboundMedia, within?: WithinTransaction): Promise<boolean>;
  /** The channel reported later that a sent message failed (e.g. a Graph status "failed" with its code). */
  applyFailure(connectionId: number, wid: string, error: string): Promise<void>;
}

export interface SendRequest {
  companyId: number;
  ticketId: number;
  /** The agent sending (null for the bot / system messages). */
  userId: number | null;
  body: string;
  media?: { path: string; mimetype: string; fileName: string; asVoiceNote?: boolean };
  quotedMsgId?: number;
  isPrivate?: boolean;
  isForwarded?: boolean;
  /** Sends a location pin instead of text or media (stored as mediaType locationMessage). */
  location?: OutboundLocation;
  /**
   * Sends an approved template (channels that have them: WhatsApp Cloud API) instead of free text;
   * body is then the rendered text, which is what the conversation shows.
   */
  template?: OutboundTemplate;
}

/**
 * Outbound: store the message (ack 0, send_status pending) and put it on the connection's
 * ordered queue (outbound:<connectionId>, concurrency 1) that the lease holder consumes.
 * A private note is stored and never sent.
 */
export interface MessageSender {
  /**
   * With `within` (e.g. a timed job) the message row is written in the caller's transaction and
   * announced and queued after it commits: the send happens exactly when the caller's unit does.
   */
  send(request: SendRequest, within?: WithinTransaction): Promise<{ id: number }>;
  edit(companyId: number, messageId: number, body: string): Promise<void>;
  remove(companyId: number, messageId: number): Promise<void>;
  react(companyId: number, messageId: number, emoji: string, userId: number): Promise<void>;
}

/** An audio message the caller may see, as a transcriber needs it (issue #33). */
export interface AudioMessage {
  id: number;
  ticketId: number;
  /** The storage path of the audio file (read it with ctx.storage.read). */
  mediaPath: string;
  transcript: string | null;
}

/** Transcripts of audio messages: plugins read and write them through the core, never the messages table. */
export interface MessageTranscripts {
  /** The audio message when the caller may see its ticket; 404 ERR_NO_MESSAGE_FOUND otherwise, 400 ERR_NOT_AUDIO when it has no audio. */
  visibleAudio(auth: AuthUser, messageId: number): Promise<AudioMessage>;
  /**
   * A customer's audio message of the company with its ticket's queue at this moment, for automatic
   * transcription (no caller to check: a plugin's own timer or bus handler); null when it is not an
   * inbound audio of the company (or was deleted). `trx`: read inside the caller's transaction.
   */
  inboundAudio(companyId: number, messageId: number, trx?: Knex.Transaction): Promise<(AudioMessage & { queueId: number | null }) | null>;
  /** Stores the transcript and tells the ticket's viewers (company-{id}-appMessage 'update'). */
  setTranscript(companyId: number, messageId: number, transcript: string): Promise<void>;
}

/** The contact's ticket an outbound message of a plan module goes into (created or reopened like an inbound). */
export interface OutboundTicket {
  ticketId: number;
  change: 'create' | 'reopen' | null;
  /** For a reopen: the closed row as it was (announce it with this so its former viewers drop it). */
  previous?: TicketRow;
}

/** Tickets as plan modules use them (ctx.tickets): the core's visibility, events and ticket rules. */
export interface PluginTickets {
  /** GET /tickets for this caller (same visibility branches, filters, masking, cursor), each branch narrowed further by `narrow`. */
  list(auth: AuthUser, filter: TicketsQuery, narrow?: (query: Knex.QueryBuilder) => void): Promise<TicketPage>;
  /** The ticket with its details if the caller may see it; 404 ERR_NO_TICKET_FOUND otherwise. */
  loadVisible(auth: AuthUser, idOrUuid: number | string): Promise<TicketDetails>;
  /** company-{id}-ticket update to everyone allowed to see the ticket (call after your commit). */
  announce(ticketId: number, previous?: Pick<TicketRow, 'companyId' | 'userId' | 'queueId'>): Promise<void>;
  /** In trx: the contact's active ticket on the connection, reopening or creating it like ingest does. */
  forOutbound(trx: Knex.Transaction, companyId: number, connectionId: number, contactId: number): Promise<OutboundTicket>;
  /** In trx: what a conversation step may ask of the ticket (its tags, its contact's fields, the service hours); null when not the company's. */
  facts(trx: Knex.Transaction, ref: { companyId: number; ticketId: number }): Promise<TicketFacts | null>;
  /** In the caller's transaction: a tag of the company on (`on`) or off the ticket, announced after the commit; false when the tag or ticket is not the company's. */
  setTag(within: WithinTransaction, ref: { companyId: number; ticketId: number }, tagId: number, on: boolean): Promise<boolean>;
}

export interface TicketFacts {
  tagIds: number[];
  /** name, number, email and the contact's custom fields by name. */
  contact: Record<string, string>;
  /** Now is within the service hours that apply to the ticket (settings scheduleType; none configured: true). */
  withinHours: boolean;
}

export interface OpenConversationRequest {
  companyId: number;
  connectionId: number;
  /** The contact's address on the connection's channel (digits only for phone channels). */
  number: string;
  /** Assign the ticket to this user (it becomes open) — a user of the company. */
  userId?: number | null;
  /** Move the ticket to this queue — a queue of the company. */
  queueId?: number | null;
}
export interface OpenedConversation {
  ticketId: number;
  contactId: number;
  /** 'create' / 'reopen' when this call created or brought back the ticket. */
  change: 'create' | 'reopen' | null;
}

/** What plugins use to start a conversation from outside (e.g. the external messages API). */
export interface Conversations {
  /**
   * The contact of `number` (created when new) and its active ticket on the connection (created,
   * or a closed one reopened within the connection's timeCreateNewTicket), assigned as asked;
   * announced live like an inbound message's ticket. `within` makes the writes part of the
   * caller's transaction (a timed-work handler's claim); the live events then follow its commit.
   */
  open(request: OpenConversationRequest, within?: WithinTransaction): Promise<OpenedConversation>;
  /**
   * When each of these people last wrote on the connection (their last message there, reactions
   * aside; null when never): the customer-service window channels like the WhatsApp Cloud API keep.
   * People are the company's contacts by number (digits as stored), those tagged `tagId`, and/or
   * those of `contactIds`; the answer is keyed by number.
   */
  lastInbound(
    ref: { companyId: number; connectionId: number },
    people: { numbers?: readonly string[]; tagId?: number | null; contactIds?: readonly number[] },
    within?: Pick<WithinTransaction, 'trx'>,
  ): Promise<Map<string, Date | null>>;
}
