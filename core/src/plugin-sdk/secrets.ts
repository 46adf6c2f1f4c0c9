import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret a request carries (a webhook's secret header, a verify token) is the expected
 * one, compared in constant time; anything but a string is false.
 */
export function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
