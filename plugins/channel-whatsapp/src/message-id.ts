import { createHash } from 'node:crypto';
import { generateMessageIDV2 } from '@whiskeysockets/baileys';

/**
 * The WhatsApp id of an outbound message, in Baileys' own shape ('3EB0' + 18 hex digits). Derived
 * from core's wire key when there is one, so that a resend after a crash carries the id of the
 * first attempt and the recipient's devices take it as the same message; random otherwise.
 */
export function outboundMessageId(ownJid: string | undefined, wireKey: string | undefined): string {
  if (!wireKey) return generateMessageIDV2(ownJid);
  // The account is part of the hash: the same row sent by another number is another message.
  const hash = createHash('sha256').update(`guiche:${ownJid ?? ''}:${wireKey}`).digest('hex');
  return '3EB0' + hash.toUpperCase().slice(0, 18);
}
