import type { Contact, TicketStatus } from '@guiche/contracts';

/** A ticket as GET /api/tickets/u/:uuid answers it (inbox.md §3 Ticket); dates arrive as ISO strings. */
export interface ConversationTicket {
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
  isBot?: boolean;
  /** With its queue's integration or prompt ("toggle integration"). */
  useIntegration?: boolean;
  unreadMessages?: number;
  lastMessage?: string;
  lastMessageAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
  contact: Contact;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; channel: string; groupAsTicket?: string; wavoip?: string | null; hasFarewell?: boolean; hasRatingMessage?: boolean } | null;
  /** Plain tags (set from the drawer) and the kanban lane (`kanban` true; absent from older payloads). */
  tags: { id: number; name: string; color: string; kanban?: boolean }[];
}
