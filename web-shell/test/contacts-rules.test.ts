import { describe, expect, it } from 'vitest';
import { V } from '@guiche/contracts';
import { initialsOf } from '@guiche/web-sdk';
import { numberDisplay } from '../src/features/contacts/lib/phone.js';
import { conflictAction, conflictTicketOf } from '../src/features/contacts/lib/ticket-conflict.js';
import { contactFormSchema, contactPayload, contactFormValues, isMaskedNumber } from '../src/features/contacts/lib/contact-form.js';
import { connectionsForChannel, defaultConnectionId, queueRequired } from '../src/features/contacts/lib/open-ticket.js';

const issues = (values: unknown) => {
  const result = contactFormSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
};

describe('number column (inbox.md §5)', () => {
  it("shows 'Número não disponível' without a number and 'Número inválido' under 10 digits", () => {
    expect(numberDisplay(null)).toEqual({ kind: 'missing' });
    expect(numberDisplay('  ')).toEqual({ kind: 'missing' });
    expect(numberDisplay('123456789')).toEqual({ kind: 'invalid', number: '123456789' });
    expect(numberDisplay('5511987654321')).toEqual({ kind: 'ok', number: '5511987654321' });
    expect(numberDisplay('1198765432')).toEqual({ kind: 'ok', number: '1198765432' });
  });

  it('counts the hidden digits of an LGPD-masked number, and leaves groups and other channels alone', () => {
    expect(numberDisplay('***********01').kind).toBe('ok');
    expect(numberDisplay('120363@g.us', 'whatsapp', true).kind).toBe('ok');
    expect(numberDisplay('psid-77', 'facebook').kind).toBe('ok');
  });

  it('makes two-letter initials for avatars without a picture', () => {
    expect(initialsOf('Ana Beatriz Costa')).toBe('AC');
    expect(initialsOf('zélia')).toBe('Z');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('contact form (inbox.md §5)', () => {
  it("gives 'Required', 'Too Short!', 'Too Long!' and 'Invalid email' keys", () => {
    expect(issues({ name: '', number: '', email: '', extraInfo: [], ownerUserId: '', birthday: '' })).toEqual({ name: V.required, number: V.required });
    expect(issues({ name: 'Z', number: '1234567', email: 'z@', extraInfo: [], ownerUserId: '', birthday: '' })).toEqual({ name: V.tooShort, number: V.tooShort, email: V.invalidEmail });
    expect(issues({ name: 'Z'.repeat(51), number: '9'.repeat(51), email: '', extraInfo: [], ownerUserId: '', birthday: '' })).toEqual({ name: V.tooLong, number: V.tooLong });
    expect(issues({ name: 'Zé', number: '12345678', email: 'ze@exemplo.com', extraInfo: [{ name: '', value: 'x' }], ownerUserId: '', birthday: '' })).toEqual({ 'extraInfo.0.name': V.required });
    expect(issues({ name: 'Zé', number: '12345678', email: '', extraInfo: [], ownerUserId: '', birthday: '' })).toEqual({});
  });

  it('sends the number of an edited contact only when it was changed (a masked number is never sent back)', () => {
    const initial = contactFormValues({ name: 'Ana', number: '***********01', email: '', extraInfo: [{ id: 1, name: 'CPF', value: '1' }] } as never);
    expect(isMaskedNumber(initial.number)).toBe(true);
    expect(contactPayload({ ...initial, name: ' Ana Maria ' }, initial, true)).toEqual({ name: 'Ana Maria', email: '', extraInfo: [{ name: 'CPF', value: '1' }], birthday: null });
    // The wallet owner goes only when it changed: an agent saves the rest without touching it.
    expect(contactPayload({ ...initial, ownerUserId: '7' }, initial, true).ownerUserId).toBe(7);
    expect(contactPayload({ ...initial, birthday: '1990-02-28' }, initial, true).birthday).toBe('1990-02-28');
    expect(contactPayload({ ...initial, number: '5511900000000' }, initial, true).number).toBe('5511900000000');
    expect(contactPayload(initial, initial, false).number).toBe('***********01');
  });
});

describe('opening a ticket from the contacts page', () => {
  const body = { error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: 4, uuid: 'u-4', userId: 7, status: 'open', user: { name: 'Paula' }, queue: { name: 'Vendas' } } };

  it('goes to the conflicting ticket when it is the caller’s, else names its owner and queue', () => {
    const ticket = conflictTicketOf(body)!;
    expect(conflictAction(ticket, 7)).toEqual({ kind: 'navigate', uuid: 'u-4' });
    expect(conflictAction(ticket, 8)).toEqual({ kind: 'info', uuid: 'u-4', userName: 'Paula', queueName: 'Vendas' });
    const pending = conflictTicketOf({ ...body, ticket: { ...body.ticket, userId: null, user: null, queue: null } })!;
    expect(conflictAction(pending, 7)).toEqual({ kind: 'info', uuid: 'u-4', userName: null, queueName: null });
  });

  it('reads a conflict only from an ERR_OTHER_OPEN_TICKET body with a ticket', () => {
    expect(conflictTicketOf({ error: 'ERR_NO_CONTACT_FOUND' })).toBeNull();
    expect(conflictTicketOf({ error: 'ERR_OTHER_OPEN_TICKET' })).toBeNull();
    expect(conflictTicketOf('text')).toBeNull();
    expect(conflictTicketOf(null)).toBeNull();
  });

  it('offers the connections of the contact’s channel, preferring the user’s own, then the default', () => {
    const all = [
      { id: 1, channel: 'whatsapp' as const, isDefault: false },
      { id: 2, channel: 'facebook' as const, isDefault: true },
      { id: 3, channel: 'whatsapp' as const, isDefault: true },
    ];
    const whatsapp = connectionsForChannel(all, 'whatsapp');
    expect(whatsapp.map((c) => c.id)).toEqual([1, 3]);
    expect(defaultConnectionId(whatsapp, 1)).toBe(1);
    expect(defaultConnectionId(whatsapp, 2)).toBe(3);
    expect(defaultConnectionId(whatsapp, null)).toBe(3);
    expect(defaultConnectionId([], null)).toBeNull();
  });

  it('requires a queue unless the user is an admin (or the super user)', () => {
    expect(queueRequired({ profile: 'user', super: false })).toBe(true);
    expect(queueRequired({ profile: 'admin', super: false })).toBe(false);
    expect(queueRequired({ profile: 'user', super: true })).toBe(false);
  });
});
