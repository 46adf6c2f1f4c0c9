import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER = /^sha256=([0-9a-f]{64})$/i;

/**
 * X-Hub-Signature-256 check: HMAC-SHA256 of the raw request body with the app secret, compared in
 * constant time. False for a missing, malformed or wrong signature, or when no secret is known.
 */
export function verifySignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string | null | undefined): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const match = HEADER.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header Meta would send for this body (the fake Graph server signs with it). */
export function signBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
