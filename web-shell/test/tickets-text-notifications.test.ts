import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { plainPreview, tagSummary, truncate } from '../src/features/tickets/lib/text.js';
import { concernsUser, shouldAlert, updateNotifications } from '../src/features/tickets/lib/notifications.js';
import { conflictOf, conflictOutcome } from '../src/features/tickets/lib/errors.js';
import { ticket } from './tickets-fixtures.js';

describe('row texts (inbox.md §9)', () => {
  it('cuts names and last messages at 30 characters without splitting an emoji', () => {
    expect(truncate('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncate('a'.repeat(31))).toBe(`${'a'.repeat(30)}...`);
    expect(truncate(`${'😀'.repeat(31)}`)).toBe(`${'😀'.repeat(30)}...`);
    expect(truncate(null)).toBe('');
  });

  it('shows the last message as one plain line: signature and formatting markers dropped', () => {
    expect(plainPreview('*Admin 1*:\nJá registrei aqui')).toBe('Admin 1: Já registrei aqui');
    expect(plainPreview('um _itálico_, ~riscado~ e ```mono```')).toBe('um itálico, riscado e mono');
    expect(plainPreview('2 * 3 = 6 e 4 * 5')).toBe('2 * 3 = 6 e 4 * 5');
    expect(plainPreview(null)).toBe('');
  });

  it('shows one tag and counts the others', () => {
    expect(tagSummary([])).toEqual({ first: null, more: 0 });
    expect(tagSummary(['a', 'b', 'c'])).toEqual({ first: 'a', more: 2 });
  });
});

describe('notifications', () => {
  const me = { id: 7, queueIds: [10], allTicket: false };

  it("concern the assignee, or the members of an unassigned ticket's queue", () => {
    expect(concernsUser({ userId: 7, queueId: 99 }, me)).toBe(true);
    expect(concernsUser({ userId: 8, queueId: 10 }, me)).toBe(false);
    expect(concernsUser({ userId: null, queueId: 10 }, me)).toBe(true);
    expect(concernsUser({ userId: null, queueId: 11 }, me)).toBe(false);
    expect(concernsUser({ userId: null, queueId: null }, me)).toBe(false);
    expect(concernsUser({ userId: null, queueId: null }, { ...me, allTicket: true })).toBe(true);
  });

  it('list unread tickets newest first and drop read or closed ones', () => {
    const a = ticket({ id: 1, unreadMessages: 1 });
    const b = ticket({ id: 2, unreadMessages: 2 });
    expect(updateNotifications([a], b, me).map((t) => t.id)).toEqual([2, 1]);
    expect(updateNotifications([a, b], { ...a, unreadMessages: 3 }, me).map((t) => t.id)).toEqual([1, 2]);
    expect(updateNotifications([a, b], { ...a, unreadMessages: 0 }, me).map((t) => t.id)).toEqual([2]);
    expect(updateNotifications([a], { ...b, status: 'closed' }, me).map((t) => t.id)).toEqual([1]);
    expect(updateNotifications([a], { ...b, userId: 8 }, me).map((t) => t.id)).toEqual([1]);
  });

  it('alert for a contact message unless that conversation is on screen', () => {
    const t = ticket({ id: 3 });
    expect(shouldAlert(false, t, null, true)).toBe(true);
    expect(shouldAlert(true, t, null, true)).toBe(false);
    expect(shouldAlert(false, t, t.uuid, true)).toBe(false);
    expect(shouldAlert(false, t, t.uuid, false)).toBe(true);
  });
});

describe('409 conflict (inbox.md §7 POST /tickets)', () => {
  const conflict = (data: unknown) =>
    new AxiosError('conflict', 'ERR_BAD_REQUEST', undefined, undefined, { status: 409, statusText: 'Conflict', data, headers: {}, config: { headers: new AxiosHeaders() } });

  it('reads the owner and queue of the ticket the answer names', () => {
    const err = conflict({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: 5, uuid: 'u-5', userId: 8, status: 'open', user: { name: 'Ana' }, queue: { name: 'Vendas' } } });
    const c = conflictOf(err);
    expect(c).toEqual({ id: 5, uuid: 'u-5', userId: 8, status: 'open', user: { name: 'Ana' }, queue: { name: 'Vendas' } });
    expect(conflictOutcome(c!, 7)).toBe('info');
    expect(conflictOutcome(c!, 8)).toBe('navigate');
  });

  it('is nothing for other errors', () => {
    expect(conflictOf(conflict({ error: 'ERR_NO_TICKET_FOUND' }))).toBeNull();
    expect(conflictOf(conflict({ error: 'ERR_OTHER_OPEN_TICKET' }))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
  });
});
