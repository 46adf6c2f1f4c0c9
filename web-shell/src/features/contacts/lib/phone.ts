import { PhoneChannels, type ContactChannel } from '@guiche/contracts';

/**
 * What the number column shows (inbox.md §5): nothing stored → 'Número não disponível'; a phone
 * contact with fewer than 10 digits → 'Número inválido'. A number masked for LGPD ('*********12')
 * counts its hidden digits. Other channels show their number as stored (a website visitor's typed
 * phone, or nothing: their address is the contact's remoteJid, issue #32): the digit rule is about
 * phone channels' numbers.
 */
export type NumberDisplay = { kind: 'missing' } | { kind: 'invalid'; number: string } | { kind: 'ok'; number: string };

export const MIN_PHONE_DIGITS = 10;

export function numberDisplay(number: string | null | undefined, channel: ContactChannel = 'whatsapp', isGroup = false): NumberDisplay {
  const text = number?.trim() ?? '';
  if (!text) return { kind: 'missing' };
  if (isGroup || !PhoneChannels.includes(channel)) return { kind: 'ok', number: text };
  const digits = text.replace(/[^\d*]/g, '').length;
  return digits < MIN_PHONE_DIGITS ? { kind: 'invalid', number: text } : { kind: 'ok', number: text };
}
