import { i18n } from './i18n/index.js';

export interface DisplayableContact {
  number?: string | null;
  channel?: string | null;
  email?: string | null;
  extraInfo?: { name: string; value: string }[] | null;
}

/** Characters of a website visitor's id shown beside "Website visitor": enough to tell two apart, and to search by. */
const VISITOR_ID_SHOWN = 6;
/** The id the web chat channel gives a visitor: `v` and a hex digest. */
const VISITOR_ID = /^v[0-9a-f]{8,}$/;

/**
 * What the "number" of a contact reads as. A website (webchat) visitor's stored number is an internal
 * id (`v` + a digest): people see the phone the visitor typed in the widget (the "phone" field),
 * else their e-mail, else "Website visitor · 3812e0" — a piece of the id, so searching it still
 * finds the contact. Every other channel, and a webchat number that is no visitor id (masked under
 * LGPD, or given by an integration), shows as stored.
 */
export function contactNumberText(contact: DisplayableContact): string {
  const number = contact.number?.trim() ?? '';
  // Only the widget's own visitor ids are internal; anything else (a masked id, a number) reads as stored.
  if (contact.channel !== 'webchat' || !VISITOR_ID.test(number)) return number;
  const phone = contact.extraInfo?.find((field) => field.name === 'phone')?.value.trim();
  if (phone) return phone;
  if (contact.email?.trim()) return contact.email.trim();
  const visitor = i18n.t('common.websiteVisitor');
  const shortId = number.replace(/^v/, '').slice(0, VISITOR_ID_SHOWN);
  return shortId ? `${visitor} · ${shortId}` : visitor;
}
