import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '@guiche/contracts';
import {
  ackState,
  applyLiveMessage,
  canEdit,
  contactCardOf,
  isWritableStatus,
  hasReplyWindow,
  keptScrollTop,
  listItems,
  locationOf,
  matchQuickReplies,
  mediaSrc,
  mergePages,
  quickReplyTerm,
  reactionsByTarget,
  shouldLoadOlder,
  truncate,
  withoutSignature,
} from '../src/features/tickets/conversation/lib/messages.js';

let seq = 0;
function msg(partial: Partial<MessageRecord> = {}): MessageRecord {
  seq += 1;
  return {
    id: seq,
    ticketId: 1,
    contactId: 5,
    whatsappId: 1,
    userId: null,
    companyId: 1,
    wid: `w${seq}`,
    fromMe: false,
    body: `m${seq}`,
    ack: 0,
    mediaType: 'chat',
    mediaUrl: null,
    mediaName: null,
    quotedMsgId: null,
    quotedMsg: null,
    isDeleted: false,
    isEdited: false,
    isPrivate: false,
    isForwarded: false,
    remoteJid: null,
    participant: null,
    sendStatus: null,
    data: null,
    transcript: null,
    contact: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    ...partial,
  };
}

describe('conversation rules', () => {
  it('allows writing only on open and group tickets', () => {
    expect(isWritableStatus('open')).toBe(true);
    expect(isWritableStatus('group')).toBe(true);
    expect(isWritableStatus('pending')).toBe(false);
    expect(isWritableStatus('closed')).toBe(false);
  });

  it('shows the 24-hour notice only on facebook-type channels', () => {
    expect(hasReplyWindow('facebook')).toBe(true);
    expect(hasReplyWindow('instagram')).toBe(true);
    expect(hasReplyWindow('whatsappapi')).toBe(true);
    expect(hasReplyWindow('whatsapp')).toBe(false);
    expect(hasReplyWindow('webchat')).toBe(false);
  });

  it('maps acks 0 clock, 1 sent, 2 delivered, 3 and 4 read', () => {
    expect([0, 1, 2, 3, 4].map(ackState)).toEqual(['clock', 'sent', 'delivered', 'read', 'read']);
  });

  it('offers editing of own text messages for 15 minutes only', () => {
    const sent = Date.parse('2026-03-10T12:00:00.000Z');
    const own = msg({ fromMe: true, userId: 7, createdAt: new Date(sent).toISOString() });
    expect(canEdit(own, 7, sent + 14 * 60_000)).toBe(true);
    expect(canEdit(own, 7, sent + 15 * 60_000 + 1)).toBe(false);
    expect(canEdit(own, 8, sent)).toBe(false);
    expect(canEdit({ ...own, fromMe: false }, 7, sent)).toBe(false);
    expect(canEdit({ ...own, isDeleted: true }, 7, sent)).toBe(false);
    expect(canEdit({ ...own, mediaType: 'image' }, 7, sent)).toBe(false);
  });

  it('serves stored paths under /public and leaves URLs alone', () => {
    expect(mediaSrc('company1/messages/a b.jpg')).toBe('/public/company1/messages/a%20b.jpg');
    expect(mediaSrc('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(mediaSrc('/public/company1/x.png')).toBe('/public/company1/x.png');
    expect(mediaSrc(null)).toBeNull();
  });
});

describe('message pages and live events', () => {
  it('merges pages chronologically, each id once, the newest copy winning', () => {
    const [a, b, c, d] = [msg(), msg(), msg(), msg()];
    const newest = { messages: [c!, { ...d!, body: 'new copy' }] };
    const older = { messages: [a!, b!, { ...c! }, d!] };
    const merged = mergePages([newest, older]);
    expect(merged.map((m) => m.id)).toEqual([a!.id, b!.id, c!.id, d!.id]);
    expect(merged.find((m) => m.id === d!.id)!.body).toBe('new copy');
  });

  it('appends a created message once and updates in place', () => {
    const a = msg();
    const pages = [{ messages: [a], hasMore: false }];
    const created = { ...msg(), data: '{"mimetype":"image/png"}', id: String(a.id + 100) as unknown as number };
    const once = applyLiveMessage(pages, created as unknown as Record<string, unknown>);
    const twice = applyLiveMessage(once, created as unknown as Record<string, unknown>);
    expect(twice[0]!.messages.map((m) => m.id)).toEqual([a.id, a.id + 100]);
    const updated = applyLiveMessage(twice, { ...a, ack: 3, isEdited: true, body: 'edited' } as unknown as Record<string, unknown>);
    expect(updated[0]!.messages[0]).toMatchObject({ id: a.id, ack: 3, isEdited: true, body: 'edited' });
    expect(updated[0]!.messages).toHaveLength(2);
  });

  it('keeps the contact and quoted contact the raw event lacks', () => {
    const a = msg({ contact: { id: 5, name: 'Ana', number: '55', profilePicUrl: null, isGroup: false }, quotedMsgId: 99, quotedMsg: { id: 99, body: 'q', fromMe: false, mediaType: 'chat', mediaUrl: null, isDeleted: false, contact: { id: 5, name: 'Ana' } } });
    const raw = { ...a, contact: undefined, quotedMsg: { id: '99', body: 'q', fromMe: false, mediaType: 'chat', mediaUrl: null, isDeleted: false, contactId: 5 }, ack: 2 };
    const [page] = applyLiveMessage([{ messages: [a] }], raw as unknown as Record<string, unknown>);
    expect(page!.messages[0]!.contact?.name).toBe('Ana');
    expect(page!.messages[0]!.quotedMsg).toMatchObject({ id: 99, contact: { name: 'Ana' } });
  });

  it('puts a day separator before the first message of each day and skips reactions', () => {
    const items = listItems([
      msg({ createdAt: '2026-03-09T10:00:00' }),
      msg({ createdAt: '2026-03-09T11:00:00' }),
      msg({ createdAt: '2026-03-10T09:00:00', mediaType: 'reactionMessage' }),
      msg({ createdAt: '2026-03-10T10:00:00' }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['day', 'message', 'message', 'day', 'message']);
  });

  it('opens each earlier ticket\'s stretch with a ticket separator, days starting over under it', () => {
    const items = listItems(
      [
        msg({ ticketId: 7, createdAt: '2026-03-01T10:00:00' }),
        msg({ ticketId: 7, createdAt: '2026-03-01T11:00:00' }),
        msg({ ticketId: 9, createdAt: '2026-03-01T12:00:00' }),
        msg({ ticketId: 12, createdAt: '2026-03-01T13:00:00' }),
      ],
      12,
    );
    expect(items.map((i) => (i.kind === 'ticket' ? `ticket ${i.ticketId}` : i.kind))).toEqual(['ticket 7', 'day', 'message', 'message', 'ticket 9', 'day', 'message', 'ticket 12', 'day', 'message']);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    // Only this ticket's messages: no ticket separator.
    expect(listItems([msg({ ticketId: 12 })], 12).map((i) => i.kind)).toEqual(['day', 'message']);
  });

  it('shows reactions on their target: the last of each sender, empty removes', () => {
    const target = msg({ wid: 'T1' });
    const other = msg();
    const list = [
      target,
      other,
      msg({ mediaType: 'reactionMessage', body: '👍', data: { targetWid: 'T1', emoji: '👍' } }),
      msg({ mediaType: 'reactionMessage', body: '❤️', data: { targetWid: 'T1', emoji: '❤️' } }),
      msg({ mediaType: 'reactionMessage', fromMe: true, userId: 3, body: '😂', data: JSON.stringify({ targetId: other.id, emoji: '😂' }) }),
      msg({ mediaType: 'reactionMessage', fromMe: true, userId: 3, body: '', data: { targetId: other.id, emoji: '' } }),
    ];
    const map = reactionsByTarget(list);
    expect(map.get(target.id)).toEqual([{ emoji: '❤️', fromMe: false }]);
    expect(map.has(other.id)).toBe(false);
  });
});

describe('media details', () => {
  it('reads location coordinates from data or body', () => {
    expect(locationOf(msg({ mediaType: 'locationMessage', data: { latitude: -23.55, longitude: -46.63 } }))).toMatchObject({ lat: -23.55, lng: -46.63 });
    expect(locationOf(msg({ mediaType: 'locationMessage', data: { degreesLatitude: '-22.9', degreesLongitude: '-43.2', name: 'Rio' } }))).toEqual({ lat: -22.9, lng: -43.2, name: 'Rio' });
    expect(locationOf(msg({ mediaType: 'locationMessage', body: '-12.97, -38.5' }))).toMatchObject({ lat: -12.97, lng: -38.5 });
    expect(locationOf(msg({ mediaType: 'locationMessage', body: 'nowhere' }))).toBeNull();
  });

  it('reads a vCard name and number (waid first)', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria Souza\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
    expect(contactCardOf(msg({ mediaType: 'contactMessage', body: vcard }))).toEqual({ name: 'Maria Souza', number: '5511988887777' });
    expect(contactCardOf(msg({ mediaType: 'contactMessage', body: '', data: { vcard: 'BEGIN:VCARD\nN:Souza;João;;;\nTEL:+55 (21) 3333-4444\nEND:VCARD' } }))).toEqual({ name: 'João Souza', number: '552133334444' });
  });
});

describe('input helpers', () => {
  it("opens quick replies only while the text starts with '/'", () => {
    expect(quickReplyTerm('/Ola')).toBe('ola');
    expect(quickReplyTerm('/')).toBe('');
    expect(quickReplyTerm('hello /x')).toBeNull();
    expect(quickReplyTerm('/a\nb')).toBeNull();
  });

  it('matches quick replies by shortcode or text, never categories', () => {
    const list = [
      { shortcode: 'ola', message: 'Olá!', isCategory: false, status: true },
      { shortcode: 'vendas', message: '', isCategory: true, status: true },
      { shortcode: 'preco', message: 'Nossa tabela de preços', isCategory: false, status: true },
    ];
    expect(matchQuickReplies(list, 'ola').map((q) => q.shortcode)).toEqual(['ola']);
    expect(matchQuickReplies(list, 'tabela').map((q) => q.shortcode)).toEqual(['preco']);
    expect(matchQuickReplies(list, '').map((q) => q.shortcode)).toEqual(['ola', 'preco']);
  });

  it('cuts the quick reply preview at 35 characters', () => {
    const long = 'a'.repeat(50);
    expect(truncate(long, 35)).toBe(`${'a'.repeat(35)}...`);
    expect(truncate('short', 35)).toBe('short');
  });

  it('edits the text after the agent signature', () => {
    expect(withoutSignature('*Ana*:\nhello', 'Ana')).toBe('hello');
    expect(withoutSignature('hello', 'Ana')).toBe('hello');
  });
});

describe('older messages', () => {
  it('loads the older page within 50 px of the top, once at a time', () => {
    expect(shouldLoadOlder(50, true, false)).toBe(true);
    expect(shouldLoadOlder(51, true, false)).toBe(false);
    expect(shouldLoadOlder(0, false, false)).toBe(false);
    expect(shouldLoadOlder(0, true, true)).toBe(false);
  });

  it('keeps the same message in view after older ones are put on top', () => {
    expect(keptScrollTop({ scrollTop: 10, scrollHeight: 2000 }, 3500)).toBe(1510);
  });
});
