import type { NormalizedMessage, OutboundLocation } from '../channels/types.js';

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
}

/**
 * Outbound: store the message (ack 0, send_status pending) and put it on the connection's
 * ordered queue (outbound:<connectionId>, concurrency 1) that the lease holder consumes.
 * A private note is stored and never sent.
 */
export interface MessageSender {
  send(request: SendRequest): Promise<{ id: number }>;
  edit(companyId: number, messageId: number, body: string): Promise<void>;
  remove(companyId: number, messageId: number): Promise<void>;
  react(companyId: number, messageId: number, emoji: string, userId: number): Promise<void>;
}
