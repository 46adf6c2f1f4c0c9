import { MESSAGE_EDIT_WINDOW_MS, type MessageRecord } from '@guiche/contracts';
import { parseVCard, type ContactCard } from './vcard.js';

/** inbox.md §2/§5: the input is enabled only while the ticket is open or a group. */
export function isWritableStatus(status: string | undefined): boolean {
  return status === 'open' || status === 'group';
}

/** inbox.md §8: Facebook-type channels only allow a reply within 24 hours of the contact's message. */
export function hasReplyWindow(channel: string | undefined | null): boolean {
  return channel === 'facebook' || channel === 'instagram' || channel === 'whatsappapi';
}

/** Stored file → the browser URL the server serves it at (/public/<path>); full URLs stay as they are. */
export function mediaSrc(mediaUrl: string | null | undefined): string | null {
  if (!mediaUrl) return null;
  if (/^(https?:|blob:|data:)/i.test(mediaUrl) || mediaUrl.startsWith('/')) return mediaUrl;
  return `/public/${mediaUrl.split('/').map(encodeURIComponent).join('/')}`;
}

/** The message's `data` as an object (the live events carry the raw column, sometimes a JSON string). */
export function dataOf(message: Pick<MessageRecord, 'data'>): Record<string, unknown> {
  const raw = message.data;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
}

export type AckState = 'clock' | 'sent' | 'delivered' | 'read';
/** inbox.md §4: 0 clock, 1 sent, 2 delivered, 3 or 4 read. */
export function ackState(ack: number): AckState {
  if (ack >= 3) return 'read';
  if (ack === 2) return 'delivered';
  if (ack === 1) return 'sent';
  return 'clock';
}

/** Who wrote a group message: the participant the channel named, else their address, else the contact. */
export function groupAuthorOf(message: MessageRecord): string | null {
  const name = dataOf(message).participantName;
  if (typeof name === 'string' && name.trim()) return name;
  return message.participant || message.contact?.name || null;
}

/** Editing is offered on the agent's own, not deleted, text messages for 15 minutes (inbox.md §4, §9). */
export function canEdit(message: MessageRecord, userId: number | undefined, now: number = Date.now()): boolean {
  if (!message.fromMe || message.isDeleted || userId === undefined || message.userId !== userId) return false;
  if (message.mediaType !== 'chat' && message.mediaType !== 'extendedTextMessage' && message.mediaType !== 'conversation') return false;
  return now - new Date(message.createdAt).getTime() <= MESSAGE_EDIT_WINDOW_MS;
}

/** Only what the company sent can be deleted for everyone. */
export function canDelete(message: MessageRecord): boolean {
  return message.fromMe && !message.isDeleted;
}

function idOf(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

/**
 * A message as the live event carries it (the raw row) in the API's shape: numeric ids, the
 * contact and quoted message kept from the version already shown when the event lacks them.
 */
export function normalizeMessage(raw: Record<string, unknown>, previous?: MessageRecord): MessageRecord {
  const quotedRaw = raw.quotedMsg as Record<string, unknown> | null | undefined;
  const quotedMsg = quotedRaw
    ? {
        id: idOf(quotedRaw.id),
        body: String(quotedRaw.body ?? ''),
        fromMe: Boolean(quotedRaw.fromMe),
        mediaType: String(quotedRaw.mediaType ?? 'chat'),
        mediaUrl: (quotedRaw.mediaUrl as string | null) ?? null,
        isDeleted: Boolean(quotedRaw.isDeleted),
        contact: (quotedRaw.contact as { id: number; name: string } | null | undefined) ?? previous?.quotedMsg?.contact ?? null,
      }
    : (previous?.quotedMsg ?? null);
  const quotedMsgId = raw.quotedMsgId === null || raw.quotedMsgId === undefined ? null : idOf(raw.quotedMsgId);
  return {
    ...(previous ?? {}),
    ...(raw as unknown as MessageRecord),
    id: idOf(raw.id),
    ticketId: idOf(raw.ticketId),
    quotedMsgId,
    quotedMsg: quotedMsgId === null ? null : quotedMsg,
    contact: (raw.contact as MessageRecord['contact'] | undefined) ?? previous?.contact ?? null,
    createdAt: String(raw.createdAt ?? previous?.createdAt ?? new Date().toISOString()),
    updatedAt: String(raw.updatedAt ?? previous?.updatedAt ?? new Date().toISOString()),
  };
}

/** Pages of the conversation (newest first, as fetched) → one chronological list, each id once (the newest copy wins). */
export function mergePages(pages: { messages: MessageRecord[] }[]): MessageRecord[] {
  const byId = new Map<number, MessageRecord>();
  // Older pages first so a message repeated by a later (newer) fetch replaces the older copy.
  for (let i = pages.length - 1; i >= 0; i--) for (const m of pages[i]!.messages) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A live create/update applied to the fetched pages: replaced where it is, else (create or an
 * update of a message not loaded yet but newer than everything shown) appended to the newest page.
 */
export function applyLiveMessage<P extends { messages: MessageRecord[] }>(pages: P[], raw: Record<string, unknown>): P[] {
  const id = idOf(raw.id);
  let found = false;
  const next = pages.map((page) => {
    if (!page.messages.some((m) => m.id === id)) return page;
    found = true;
    return { ...page, messages: page.messages.map((m) => (m.id === id ? normalizeMessage(raw, m) : m)) };
  });
  if (found || !pages.length) return found ? next : pages;
  const [newest, ...rest] = next;
  return [{ ...newest!, messages: [...newest!.messages, normalizeMessage(raw)] }, ...rest];
}

/** Local calendar day of a date, as YYYY-MM-DD: the day separators' key. */
export function dayKey(value: string | Date): string {
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export type ListItem =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'ticket'; key: string; ticketId: number }
  | { kind: 'message'; key: string; message: MessageRecord };

/**
 * The rows of the list: a day separator before the first message of each day; reactions are not
 * rows. With earlier tickets' messages on top (currentTicketId given), a ticket separator opens
 * each ticket's stretch, days starting over under it.
 */
export function listItems(messages: MessageRecord[], currentTicketId?: number): ListItem[] {
  const items: ListItem[] = [];
  const mixed = currentTicketId !== undefined && messages.some((m) => m.ticketId !== currentTicketId);
  let lastDay = '';
  let lastTicket: number | undefined;
  for (const message of messages) {
    if (message.mediaType === 'reactionMessage') continue;
    if (mixed && message.ticketId !== lastTicket) {
      items.push({ kind: 'ticket', key: `ticket-${message.ticketId}`, ticketId: message.ticketId });
      lastTicket = message.ticketId;
      lastDay = '';
    }
    const day = dayKey(message.createdAt);
    if (day !== lastDay) {
      items.push({ kind: 'day', key: `day-${message.ticketId}-${day}`, date: message.createdAt });
      lastDay = day;
    }
    items.push({ kind: 'message', key: `m-${message.id}`, message });
  }
  return items;
}

export interface Reaction {
  emoji: string;
  fromMe: boolean;
}

/**
 * Reactions shown on their target message (found by id or by the channel's wid): the last reaction
 * of each sender counts, and an empty one removes theirs.
 */
export function reactionsByTarget(messages: MessageRecord[]): Map<number, Reaction[]> {
  const idByWid = new Map<string, number>();
  for (const m of messages) if (m.wid) idByWid.set(m.wid, m.id);
  const latest = new Map<number, Map<string, Reaction>>();
  for (const m of messages) {
    if (m.mediaType !== 'reactionMessage' || m.isDeleted) continue;
    const data = dataOf(m);
    const targetId =
      data.targetId !== undefined && data.targetId !== null ? idOf(data.targetId) : typeof data.targetWid === 'string' ? idByWid.get(data.targetWid) : undefined;
    if (targetId === undefined || Number.isNaN(targetId)) continue;
    const sender = m.fromMe ? `me:${m.userId ?? 0}` : `them:${m.participant ?? m.contactId ?? 0}`;
    const emoji = typeof data.emoji === 'string' ? data.emoji : m.body;
    const forTarget = latest.get(targetId) ?? new Map<string, Reaction>();
    if (emoji) forTarget.set(sender, { emoji, fromMe: m.fromMe });
    else forTarget.delete(sender);
    latest.set(targetId, forTarget);
  }
  const result = new Map<number, Reaction[]>();
  for (const [id, bySender] of latest) if (bySender.size) result.set(id, [...bySender.values()]);
  return result;
}

/** Coordinates of a location message: from its data (latitude/longitude, lat/lng) or a "lat,lng" body. */
export function locationOf(message: MessageRecord): { lat: number; lng: number; name?: string } | null {
  const data = dataOf(message);
  const nested = (data.location ?? data.locationMessage ?? {}) as Record<string, unknown>;
  const pick = (...values: unknown[]) => values.map((v) => (v === undefined || v === null || v === '' ? NaN : Number(v))).find((n) => Number.isFinite(n));
  let lat = pick(data.latitude, data.lat, data.degreesLatitude, nested.latitude, nested.degreesLatitude, nested.lat);
  let lng = pick(data.longitude, data.lng, data.degreesLongitude, nested.longitude, nested.degreesLongitude, nested.lng);
  if (lat === undefined || lng === undefined) {
    const m = /(-?\d{1,2}(?:\.\d+)?)\s*[,;]\s*(-?\d{1,3}(?:\.\d+)?)/.exec(message.body ?? '');
    if (!m) return null;
    lat = Number(m[1]);
    lng = Number(m[2]);
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const name = [data.name, nested.name, data.address, nested.address].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return { lat, lng, ...(name ? { name } : {}) };
}

export function mapUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps?q=${lat},${lng}`;
}

/** Name and number of a contact card (a vCard in the body or the data's vcard). */
export function contactCardOf(message: MessageRecord): ContactCard | null {
  const data = dataOf(message);
  const text = [data.vcard, data.vCard, message.body].find((v): v is string => typeof v === 'string' && v.includes('BEGIN:VCARD'));
  if (!text) {
    const name = typeof data.name === 'string' ? data.name : typeof data.displayName === 'string' ? data.displayName : '';
    const number = typeof data.number === 'string' ? data.number : '';
    return name || number ? { name, number: number.replace(/\D/g, '') } : null;
  }
  return parseVCard(text);
}

/** A call log's description: the data's status/duration when given. */
export function callOf(message: MessageRecord): { missed: boolean; video: boolean; durationSeconds: number | null } {
  const data = dataOf(message);
  const status = String(data.status ?? data.callStatus ?? '').toLowerCase();
  const duration = Number(data.duration ?? data.durationSeconds);
  return {
    missed: ['missed', 'reject', 'rejected', 'timeout', 'unanswered'].includes(status),
    video: Boolean(data.isVideo ?? data.video),
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}

/** The text a quick reply previews: cut at 35 characters (inbox.md §9). */
export const QUICK_REPLY_PREVIEW = 35;
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
}

/** The '/' suggestion term: the input starts with '/' and has no line break yet. null = closed. */
export function quickReplyTerm(input: string): string | null {
  if (!input.startsWith('/') || input.includes('\n')) return null;
  return input.slice(1).toLowerCase();
}

/** Quick replies matching the term by shortcode or text; categories are not replies. */
export function matchQuickReplies<Q extends { shortcode: string; message: string; isCategory: boolean; status: boolean }>(list: Q[], term: string): Q[] {
  return list.filter((q) => !q.isCategory && q.status !== false && (q.shortcode.toLowerCase().includes(term) || q.message.toLowerCase().includes(term)));
}

/** A message body with the agent signature prefix ('*Name*:\n') removed, for the edit box. */
export function withoutSignature(body: string, userName: string | undefined): string {
  if (!userName) return body;
  const prefix = `*${userName}*:\n`;
  return body.startsWith(prefix) ? body.slice(prefix.length) : body;
}

/** Whether the scroll position is close enough to the top to load the older page (inbox.md §9: 50 px). */
export const LOAD_OLDER_WITHIN_PX = 50;
export function shouldLoadOlder(scrollTop: number, hasMore: boolean, loading: boolean): boolean {
  return scrollTop <= LOAD_OLDER_WITHIN_PX && hasMore && !loading;
}

/** After older messages were put on top, the scrollTop that keeps the same message under the eye. */
export function keptScrollTop(before: { scrollTop: number; scrollHeight: number }, scrollHeightAfter: number): number {
  return before.scrollTop + (scrollHeightAfter - before.scrollHeight);
}
