import type { ConversationTicket } from '../types.js';

/**
 * The external voice-call service the ticket header's call button opens (inbox.md §7: "a voice-call
 * link opens an external voice-call service using the connection's token and the contact number").
 * Wavoip's web phone takes the connection's token and the number (digits with country code).
 */
export const VOICE_CALL_URL = 'https://app.wavoip.com/call';

/** What the call button does: not shown, a toast saying what is missing, or the service's URL. */
export type VoiceCall = { kind: 'hidden' } | { kind: 'missing' } | { kind: 'open'; url: string };

/** A number the service can dial: 8+ digits; a masked (LGPD), group or non-phone id is not one. */
function dialable(number: string | null | undefined): string | null {
  const trimmed = (number ?? '').trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 8 ? digits : null;
}

/** Hidden when the ticket's connection has no voice-call token; 'missing' when the contact has no phone to call. */
export function voiceCall(ticket: Pick<ConversationTicket, 'whatsapp' | 'contact' | 'isGroup'>): VoiceCall {
  const token = ticket.whatsapp?.wavoip?.trim();
  if (!token) return { kind: 'hidden' };
  const phone = ticket.isGroup || ticket.contact?.isGroup ? null : dialable(ticket.contact?.number);
  if (!phone) return { kind: 'missing' };
  return { kind: 'open', url: `${VOICE_CALL_URL}?${new URLSearchParams({ token, phone })}` };
}
