import type { MessageRecord } from '@guiche/contracts';
import { mimeEssence } from '@guiche/web-sdk';

/** What a contact card shows: the name and the phone number's digits. */
export interface ContactCard {
  name: string;
  number: string;
}

const VCARD_TYPES = ['text/vcard', 'text/x-vcard', 'text/directory'];

/** Name and number from a vCard's text: FN (else N), and the first TEL (its waid when WhatsApp wrote one). */
export function parseVCard(text: string): ContactCard {
  // Folded lines (RFC 6350 §3.2) continue with a space or a tab.
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const fn = lines.find((l) => /^FN[:;]/i.test(l));
  const n = lines.find((l) => /^N[:;]/i.test(l));
  const tel = lines.find((l) => /^(item\d+\.)?TEL/i.test(l));
  const value = (line: string | undefined) => (line ? line.slice(line.indexOf(':') + 1).trim() : '');
  const waid = tel ? /waid=(\d+)/i.exec(tel)?.[1] : undefined;
  const name = value(fn) || value(n).split(';').filter(Boolean).reverse().join(' ');
  const number = waid ?? value(tel).replace(/\D/g, '');
  return { name, number };
}

/**
 * A stored .vcf file (what POST /messages with `vCard` stores, or a card a contact sent as a
 * document): shown as a contact card rather than a download.
 */
export function isVCardFile(message: Pick<MessageRecord, 'mediaType' | 'mediaName' | 'mediaUrl' | 'data'>, data: Record<string, unknown>): boolean {
  if (message.mediaType !== 'application' && message.mediaType !== 'document') return false;
  if (typeof data.mimetype === 'string' && VCARD_TYPES.includes(mimeEssence(data.mimetype))) return true;
  return /\.vcf$/i.test(message.mediaName ?? '') || /\.vcf$/i.test(message.mediaUrl ?? '');
}

/** The name a .vcf's file name suggests, shown while its content loads. */
export function nameOfVCardFile(fileName: string | null | undefined): string {
  return (fileName ?? '').split('/').pop()!.replace(/\.vcf$/i, '').trim();
}

/** vCardSchema (@guiche/contracts): 8 to 50 characters; the card carries digits only. */
export const CARD_NUMBER_MIN_DIGITS = 8;
export const CARD_NUMBER_MAX_DIGITS = 50;

export type CardProblem = 'masked' | 'noNumber';

/**
 * The card to send for a chosen contact, or why it cannot be sent: a number hidden by LGPD
 * (asterisks) cannot be shared, and a contact without a phone number (a website visitor) has
 * nothing to share.
 */
export function cardOfContact(contact: { name: string; number: string | null }): { card: ContactCard } | { problem: CardProblem } {
  const number = contact.number ?? '';
  if (number.includes('*')) return { problem: 'masked' };
  const digits = number.replace(/\D/g, '');
  // A visitor id or an e-mail with a few digits in it is not a phone number.
  if (/[a-z@]/i.test(number) || digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS) return { problem: 'noNumber' };
  return { card: { name: contact.name.trim().slice(0, 100) || digits, number: digits } };
}
