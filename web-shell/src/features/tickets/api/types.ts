import type { Contact, TicketSla, TicketStatus } from '@guiche/contracts';
import type { ConversationTicket } from '../conversation/types.js';

/** A ticket as GET /tickets, GET /tickets/u/:uuid and the live events answer it (inbox.md §3 Ticket). */
export type Ticket = ConversationTicket & {
  unreadMessages?: number;
  userRating?: { rate: number } | null;
  /** SLA clocks (issue #33), null without a target. */
  sla?: TicketSla | null;
};

export interface TicketPage {
  tickets: Ticket[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface TicketLogEntry {
  id: number;
  type: string;
  createdAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
  /** On a close: its closing reason (issue #33). */
  closeReason?: { id: number; name: string; color: string } | null;
}

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

export interface ConnectionOption {
  id: number;
  name: string;
  channel: string;
  isDefault?: boolean;
  /** The session's state (CONNECTED, DISCONNECTED, …): a conversation shows its queued messages waiting for it. */
  status?: string;
}

export interface UserOption {
  id: number;
  name: string;
  queues?: QueueOption[];
}

export interface ContactOption {
  id: number;
  name: string;
  number: string | null;
  channel?: string;
}

/** The ticket an ERR_OTHER_OPEN_TICKET (409) answer names: the info modal shows its owner and queue. */
export interface ConflictTicket {
  id: number;
  uuid: string;
  userId: number | null;
  status: TicketStatus;
  user: { name: string } | null;
  queue: { name: string } | null;
}

/** Payloads of company-{id}-ticket, -appMessage, -contact and -presence. */
export type TicketSocketEvent =
  | { action: 'update'; ticket: Ticket }
  /** reason 'moved': the ticket left the caller's reach (transfer, requeue) but still exists. */
  | { action: 'delete'; ticketId: number; reason?: 'moved' }
  | { action: 'updateUnread'; ticketId: number };
export interface AppMessageEvent {
  action: 'create' | 'update';
  message: { id: number; fromMe: boolean; body?: string; ticketId?: number; isPrivate?: boolean };
  ticket: Ticket | null;
  contact?: Contact | null;
}
export type ContactSocketEvent = { action: 'create' | 'update'; contact: Contact } | { action: 'delete'; contactId: number };
export interface PresenceEvent {
  action: 'update';
  ticketId: number;
  presence: string;
}
