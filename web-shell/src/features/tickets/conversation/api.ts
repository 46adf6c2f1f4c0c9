import { api } from '@guiche/web-sdk';
import type { Contact, EarlierTicket, MessageRecord, QuickMessage } from '@guiche/contracts';
import type { ConversationTicket } from './types.js';
import type { ContactCard } from './lib/vcard.js';
import type { MessageTemplate, ReplyWindow, WindowChannel } from './lib/window.js';

/** Calls of the conversation panel (inbox.md §7 Tickets and Messages). */

export interface MessagesPage {
  messages: MessageRecord[];
  hasMore: boolean;
  count?: number;
  ticket?: ConversationTicket;
}

export interface EarlierPage {
  messages: MessageRecord[];
  tickets: EarlierTicket[];
  hasMore: boolean;
}

export const conversationKeys = {
  ticket: (uuid: string) => ['conversation', 'ticket', uuid] as const,
  earlier: (ticketId: number) => ['conversation', 'earlier', ticketId] as const,
  messages: (ticketId: number) => ['conversation', 'messages', ticketId] as const,
  images: (ticketId: number) => ['conversation', 'images', ticketId] as const,
  quickReplies: ['conversation', 'quick-replies'] as const,
  forwardContacts: (term: string) => ['conversation', 'forward-contacts', term] as const,
  cardContacts: (term: string) => ['conversation', 'card-contacts', term] as const,
  vCardFile: (src: string) => ['conversation', 'vcard-file', src] as const,
  replyWindow: (ticketId: number, lastInboundId: number) => ['conversation', 'reply-window', ticketId, lastInboundId] as const,
  templates: (connectionId: number) => ['conversation', 'templates', connectionId] as const,
};

/** GET /messages/:ticketId/earlier: the contact's earlier conversations on this connection, older than beforeId. */
export async function fetchEarlier(ticketId: number, beforeId: number | undefined): Promise<EarlierPage> {
  const { data } = await api.get<EarlierPage>(`/messages/${ticketId}/earlier`, { params: { beforeId } });
  return data;
}

export async function fetchTicket(uuid: string): Promise<ConversationTicket> {
  const { data } = await api.get<ConversationTicket>(`/tickets/u/${encodeURIComponent(uuid)}`);
  return data;
}

export async function fetchMessages(ticketId: number, pageNumber: number): Promise<MessagesPage> {
  const { data } = await api.get<MessagesPage>(`/messages/${ticketId}`, { params: { pageNumber } });
  return data;
}

export interface SendText {
  body: string;
  quotedMsgId?: number;
  isPrivate: boolean;
}

export async function sendText(ticketId: number, input: SendText): Promise<MessageRecord[]> {
  const { data } = await api.post<{ messages: MessageRecord[] }>(`/messages/${ticketId}`, {
    read: 1,
    fromMe: true,
    body: input.body,
    isPrivate: input.isPrivate,
    ...(input.quotedMsgId ? { quotedMsg: { id: input.quotedMsgId } } : {}),
  });
  return data.messages ?? [];
}

/** A stored file (a quick reply's media) sent by path. */
export async function sendStoredMedia(ticketId: number, mediaUrl: string, body: string, isPrivate: boolean): Promise<MessageRecord[]> {
  const { data } = await api.post<{ messages: MessageRecord[] }>(`/messages/${ticketId}`, { fromMe: true, read: 1, body, mediaUrl, isPrivate });
  return data.messages ?? [];
}

export interface Attachment {
  file: File;
  caption: string;
}

/** Multipart send: one message per file, each with its caption (inbox.md §7: field `medias`). */
export async function sendMedia(ticketId: number, files: Attachment[], opts: { isPrivate: boolean; quotedMsgId?: number }): Promise<MessageRecord[]> {
  const form = new FormData();
  form.append('fromMe', 'true');
  form.append('isPrivate', String(opts.isPrivate));
  if (opts.quotedMsgId) form.append('quotedMsgId', String(opts.quotedMsgId));
  for (const { caption } of files) form.append('body', caption);
  for (const { file } of files) form.append('medias', file, file.name);
  const { data } = await api.post<{ messages: MessageRecord[] }>(`/messages/${ticketId}`, form);
  return data.messages ?? [];
}

/** A contact card (inbox.md §7: JSON `vCard`); the server stores and sends it as a .vcf file. */
export async function sendContactCard(ticketId: number, vCard: ContactCard, opts: { isPrivate: boolean; quotedMsgId?: number }): Promise<MessageRecord[]> {
  const { data } = await api.post<{ messages: MessageRecord[] }>(`/messages/${ticketId}`, {
    read: 1,
    fromMe: true,
    body: '',
    vCard,
    isPrivate: opts.isPrivate,
    ...(opts.quotedMsgId ? { quotedMsg: { id: opts.quotedMsgId } } : {}),
  });
  return data.messages ?? [];
}

/** The text of a stored .vcf (served as a public file, outside the API). */
export async function fetchVCardText(src: string): Promise<string> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`vCard file answered ${response.status}`);
  return response.text();
}

export async function editMessage(id: number, body: string): Promise<MessageRecord> {
  const { data } = await api.post<MessageRecord>(`/messages/edit/${id}`, { body });
  return data;
}

export async function deleteMessage(id: number): Promise<MessageRecord> {
  const { data } = await api.delete<MessageRecord>(`/messages/${id}`);
  return data;
}

export async function reactToMessage(message: MessageRecord, emoji: string): Promise<void> {
  await api.post('/react/messages', { id: message.id, text: emoji, fromMe: true, remoteJid: message.remoteJid, ticketId: message.ticketId });
}

export async function forwardMessages(messageIds: number[], contactId: number): Promise<void> {
  await api.post('/message/forward', { messageId: messageIds, contactId, signMessage: false });
}

export async function fetchImages(ticketId: number, pageNumber = 1): Promise<{ images: MessageRecord[]; hasMore: boolean }> {
  const { data } = await api.get<{ images: MessageRecord[]; hasMore: boolean }>(`/messages/listimages/${ticketId}`, { params: { pageNumber } });
  return data;
}

export async function fetchQuickReplies(): Promise<QuickMessage[]> {
  const { data } = await api.get<QuickMessage[] | { records: QuickMessage[] }>('/quick-messages/list');
  return Array.isArray(data) ? data : (data.records ?? []);
}

export async function searchContacts(searchParam: string): Promise<Contact[]> {
  const { data } = await api.get<Contact[] | { contacts: Contact[] }>('/contacts/list', { params: { searchParam } });
  return Array.isArray(data) ? data : (data.contacts ?? []);
}

/** The company's contacts for a contact card (GET /contacts, as the new-ticket dialog searches); groups are no cards. */
export async function searchCardContacts(searchParam: string): Promise<Contact[]> {
  const { data } = await api.get<{ contacts: Contact[] }>('/contacts', { params: { searchParam, isGroup: 'false' } });
  return data.contacts ?? [];
}

/** Opens (or finds) the ticket of a contact card's number: the contact is created first when new. */
export async function createContact(name: string, number: string): Promise<Contact> {
  const { data } = await api.post<Contact>('/contacts', { name, number });
  return data;
}

/** The conversation on screen read what just arrived (badges back to 0, read receipts to the channel). */
export async function markConversationRead(ticketId: number): Promise<void> {
  await api.post(`/tickets/${ticketId}/read`);
}

/** Meta's 24-hour window of the ticket's contact (WhatsApp Cloud, Messenger, Instagram). */
export async function fetchReplyWindow(channel: WindowChannel, ticketId: number): Promise<ReplyWindow> {
  const { data } = await api.get<ReplyWindow>(`/${channel}/tickets/${ticketId}/window`);
  return data;
}

/** The WhatsApp Cloud connection's approved templates. */
export async function fetchTemplates(connectionId: number): Promise<MessageTemplate[]> {
  const { data } = await api.get<{ templates: MessageTemplate[] }>(`/whatsappapi/${connectionId}/templates`);
  return data.templates ?? [];
}

/** Sends an approved template into the ticket (allowed with the window closed). */
export async function sendTemplate(ticketId: number, input: { name: string; language: string; parameters: string[] }): Promise<void> {
  await api.post(`/whatsappapi/tickets/${ticketId}/template`, input);
}

/** POST /transcriptions/:messageId (prompts module, plan useOpenAi): transcribes an audio message and stores the text. */
export async function transcribeMessage(messageId: number): Promise<{ messageId: number; transcript: string }> {
  const { data } = await api.post<{ messageId: number; transcript: string }>(`/transcriptions/${messageId}`);
  return data;
}
