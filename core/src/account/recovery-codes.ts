import crypto from 'node:crypto';

/** Hashes of the recovery secrets: a salted SHA-256 for the 6-digit code, a plain one for the 256-bit proof. */
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

export const newCode = (): string => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

export function hashCode(code: string): string {
  const salt = crypto.randomBytes(16).toString('hex');
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt, digest] = stored.split(':');
  if (!salt || !digest) return false;
  const candidate = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const expected = Buffer.from(digest, 'hex');
  return candidate.length === expected.length && crypto.timingSafeEqual(candidate, expected);
}
