import { describe, expect, it } from 'vitest';
import { contactNumberText, i18n } from '@guiche/web-sdk';
import { contactMatches } from '../src/features/contacts/lib/contact-filter.js';

/** Issue #32: a website visitor's internal id is never what people read as their number. */
const visitor = { name: 'Maria', number: 'v3812e04e9a1b2c3d4e5f60718293a4b', channel: 'webchat' as const, email: '', tags: [] };

describe('a contact’s number as people read it', () => {
  it('shows a website visitor’s typed phone, else their e-mail, else "Website visitor" and a piece of the id, in each language', async () => {
    await i18n.changeLanguage('pt');
    expect(contactNumberText(visitor)).toBe('Visitante do site · 3812e0');
    expect(contactNumberText({ ...visitor, email: 'maria@example.com' })).toBe('maria@example.com');
    expect(contactNumberText({ ...visitor, email: 'maria@example.com', extraInfo: [{ name: 'phone', value: ' +55 11 98765-4321 ' }] })).toBe('+55 11 98765-4321');
    for (const [language, text] of [['en', 'Website visitor'], ['es', 'Visitante del sitio'], ['tr', 'Web sitesi ziyaretçisi']] as const) {
      await i18n.changeLanguage(language);
      expect(contactNumberText(visitor)).toBe(`${text} · 3812e0`);
    }
    await i18n.changeLanguage('pt');
  });

  it('keeps every other channel’s number as stored, and nothing for a missing one', () => {
    expect(contactNumberText({ number: '5511987654321', channel: 'whatsapp' })).toBe('5511987654321');
    expect(contactNumberText({ number: 'v-not-a-visitor', channel: 'telegram' })).toBe('v-not-a-visitor');
    expect(contactNumberText({ number: '5511911112299', channel: 'webchat' })).toBe('5511911112299');
    expect(contactNumberText({ number: '***********99', channel: 'webchat' })).toBe('***********99');
    expect(contactNumberText({ number: null, channel: 'whatsapp' })).toBe('');
  });

  it('finds the visitor in the live list by what is shown and by the id', async () => {
    await i18n.changeLanguage('pt');
    const filters = (search: string) => ({ search, tagIds: [] });
    expect(contactMatches(visitor, filters('visitante'))).toBe(true);
    expect(contactMatches(visitor, filters('3812e0'))).toBe(true);
    expect(contactMatches(visitor, filters('Maria'))).toBe(true);
    expect(contactMatches({ ...visitor, channel: 'whatsapp' as const }, filters('visitante'))).toBe(false);
  });
});
