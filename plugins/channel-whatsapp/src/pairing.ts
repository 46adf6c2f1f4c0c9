import type { AuthenticationCreds } from '@whiskeysockets/baileys';

/**
 * Whether the creds hold a linked account. Baileys' requestPairingCode writes `me` (the number the
 * code was asked for) before the phone typed anything; such creds are linked only once WhatsApp
 * confirmed the code (`registered`). A QR pairing writes `me` on success and no pairing code.
 */
export function isPaired(creds: AuthenticationCreds | undefined): boolean {
  if (!creds?.me?.id) return false;
  return !creds.pairingCode || creds.registered;
}

/** Drops what an unused pairing code left in the creds, so the next start shows QR codes instead of a login that cannot work. */
export function forgetUnusedPairing(creds: AuthenticationCreds): boolean {
  if (isPaired(creds) || (!creds.me && !creds.pairingCode)) return false;
  delete creds.me;
  creds.pairingCode = undefined;
  return true;
}
