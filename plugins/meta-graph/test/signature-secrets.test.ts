import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, maskSecret, signBody, verifySignature } from '@guiche/meta-graph';

describe('X-Hub-Signature-256', () => {
  const body = Buffer.from('{"object":"page","entry":[]}');
  const secret = 'app-secret-123';

  it('accepts only the HMAC-SHA256 of these exact bytes with this secret', () => {
    expect(verifySignature(body, signBody(body, secret), secret)).toBe(true);
    expect(verifySignature(body, signBody(body, secret).toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
    expect(verifySignature(Buffer.from('{"object":"page","entry":[] }'), signBody(body, secret), secret)).toBe(false);
    expect(verifySignature(body, signBody(body, 'other'), secret)).toBe(false);
  });

  it('rejects missing, malformed or truncated headers and a missing secret', () => {
    expect(verifySignature(body, undefined, secret)).toBe(false);
    expect(verifySignature(body, ['a', 'b'], secret)).toBe(false);
    expect(verifySignature(body, 'sha1=' + 'a'.repeat(40), secret)).toBe(false);
    expect(verifySignature(body, signBody(body, secret).slice(0, -2), secret)).toBe(false);
    expect(verifySignature(body, signBody(body, ''), '')).toBe(false);
    expect(verifySignature(body, signBody(body, secret), null)).toBe(false);
  });
});

describe('secrets at rest', () => {
  const env = { META_SECRETS_KEY: 'unit-test-key' };

  it('round-trips, never stores the plain text and uses a fresh IV each time', () => {
    const a = encryptSecret('EAAG-token-value', env);
    const b = encryptSecret('EAAG-token-value', env);
    expect(a).not.toContain('EAAG');
    expect(a).not.toBe(b);
    expect(decryptSecret(a, env)).toBe('EAAG-token-value');
  });

  it('refuses a tampered ciphertext or another key', () => {
    const stored = encryptSecret('secret', env);
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => decryptSecret(`v1:${raw.toString('base64')}`, env)).toThrow();
    expect(() => decryptSecret(stored, { META_SECRETS_KEY: 'another-key' })).toThrow();
    expect(() => decryptSecret('plain', env)).toThrow();
  });

  it('masks to the last four characters at most', () => {
    expect(maskSecret('EAAGabcdefgh1234')).toBe('••••1234');
    expect(maskSecret('short')).toBe('••••');
    expect(maskSecret(null)).toBeNull();
  });
});
