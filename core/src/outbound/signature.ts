import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing of outgoing calls (ARCHITECTURE §13): the external API's webhooks and the queue
 * integrations' N8N / webhook calls sign alike, so a receiver verifies both with the same code.
 */

/** A new signing secret: 32 random bytes, prefixed so it is recognisable in a config file. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` (the X-Guiche-Signature header). */
export function signatureHeader(secret: string, body: string, unixSeconds: number = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
