import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

/** How far a signature's timestamp may be from the receiver's clock (either way) before it is refused. */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * Checks an `X-Guiche-Signature: t=<unix>,v1=<hex>` header over the raw body, in constant time, with
 * a timestamp within the tolerance: the parsed `{ t, v1 }` when it holds (v1 names the call, for a
 * receiver that refuses replays), else null.
 */
export function verifySignatureHeader(
  secret: string,
  header: string | string[] | undefined,
  raw: Buffer | string,
  nowS: number = Math.floor(Date.now() / 1000),
): { t: number; v1: string } | null {
  if (typeof header !== 'string' || !secret) return null;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const v1 = parts.v1 ?? '';
  if (!Number.isInteger(t) || Math.abs(nowS - t) > SIGNATURE_TOLERANCE_S || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(raw).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { t, v1: v1.toLowerCase() } : null;
}
