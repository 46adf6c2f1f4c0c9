import { describe, expect, it } from 'vitest';
import { contactNumberText } from '@guiche/web-sdk';
import { contactMatches } from '../src/features/contacts/lib/contact-filter.js';
import { numberDisplay } from '../src/features/contacts/lib/phone.js';
import { contactFormSchemaFor, EMPTY_CONTACT } from '../src/features/contacts/lib/contact-form.js';

/**
 * Issue #32: a website visitor's number is the phone they typed, or nothing — their address (the
 * peer id) lives in the contact's remoteJid, which no list shows as a number.
 */
const visitor = { name: 'Maria', number: '5511987654321', channel: 'webchat' as const, email: 'maria@example.com', tags: [] };

describe('a contact’s number as people read it', () => {
  it('is the stored number: a visitor’s phone, or nothing', () => {
    expect(contactNumberText(visitor)).toBe('5511987654321');
    expect(contactNumberText({ ...visitor, number: '' })).toBe('');
    expect(contactNumberText({ number: ' 5511987654321 ', channel: 'whatsapp' })).toBe('5511987654321');
    expect(contactNumberText({ number: null, channel: 'whatsapp' })).toBe('');
  });

  it('a visitor without a phone reads as "no number" in the contacts table, like any contact without one', () => {
    expect(numberDisplay('', 'webchat')).toEqual({ kind: 'missing' });
    expect(numberDisplay('5511987654321', 'webchat')).toEqual({ kind: 'ok', number: '5511987654321' });
  });

  it('finds the visitor in the live list by name, e-mail and phone', () => {
    const filters = (search: string) => ({ search, tagIds: [] });
    expect(contactMatches(visitor, filters('Maria'))).toBe(true);
    expect(contactMatches(visitor, filters('98765'))).toBe(true);
    expect(contactMatches({ ...visitor, number: '' }, filters('maria@'))).toBe(true);
  });

  it('editing a contact without a number does not demand one; a new contact still needs it', () => {
    const values = { ...EMPTY_CONTACT, name: 'Maria' };
    expect(contactFormSchemaFor({ number: '' }, true).safeParse(values).success).toBe(true);
    expect(contactFormSchemaFor({ number: '' }, true).safeParse({ ...values, number: '123' }).success).toBe(false);
    expect(contactFormSchemaFor({ number: '' }, false).safeParse(values).success).toBe(false);
    expect(contactFormSchemaFor({ number: '5511987654321' }, true).safeParse(values).success).toBe(false);
  });
});
