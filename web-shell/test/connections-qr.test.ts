import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeQr, type QrCode } from '../src/features/connections/lib/qr.js';

/** A Baileys-style pairing string (ref, noise key, identity key, adv secret). */
const PAIRING =
  '2@y8Pu2Yq5cVb0sR7bN9m1Zr6aHk3lQw4eTx5fJ0o2Ud7iM8gKc1hLs9jVp3nBq4==,Xk2sPq8wZr5TnMv1bC7dLf3gHj9KaQe0RuYo6iNx4lS=,aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1wX2yZ3aB4c=,dGVzdA==Tm9BbW9yZVN0cmluZ0Zvclc=';

const fingerprint = (q: QrCode) => createHash('sha256').update(q.modules.map((r) => r.map((d) => (d ? '1' : '0')).join('')).join('\n')).digest('hex');

/** The 15 format bits as drawn around the top-left finder, and their second copy. */
function formatBits(q: QrCode): [number, number] {
  const m = q.modules;
  const at = (x: number, y: number) => (m[y]![x] ? 1 : 0);
  let a = 0;
  let b = 0;
  const first = [...[0, 1, 2, 3, 4, 5, 7, 8].map((y) => [8, y]), ...[7, 5, 4, 3, 2, 1, 0].map((x) => [x, 8])] as [number, number][];
  first.forEach(([x, y], i) => (a |= at(x, y) << i));
  const second = [...Array.from({ length: 8 }, (_, i) => [q.size - 1 - i, 8]), ...Array.from({ length: 7 }, (_, i) => [8, q.size - 7 + i])] as [number, number][];
  second.forEach(([x, y], i) => (b |= at(x, y) << i));
  return [a, b];
}

describe('QR encoder', () => {
  it('matches the codes an independent decoder (zbar) read back', () => {
    // Fingerprints of matrices whose renderings zbarimg decoded to exactly these texts.
    const pairing = encodeQr(PAIRING, 'M');
    expect([pairing.version, pairing.mask, fingerprint(pairing)]).toEqual([10, 2, '4c55e03777134d1de4a83221959a21079ddc64d391bfd2b781dab99a373fdf6a']);
    const unicode = encodeQr('olá, Guichê ✓', 'M');
    expect([unicode.version, unicode.mask, fingerprint(unicode)]).toEqual([2, 3, '154f8165e448bbe223941170c787f4e086e009f2ed5bdd3be8cef833af9ae877']);
  });

  it('draws the finder and timing patterns and both copies of the format information', () => {
    const q = encodeQr(PAIRING, 'M');
    expect(q.size).toBe(q.version * 4 + 17);
    const m = q.modules;
    for (const [ox, oy] of [
      [0, 0],
      [q.size - 7, 0],
      [0, q.size - 7],
    ]) {
      for (let y = 0; y < 7; y++) {
        for (let x = 0; x < 7; x++) {
          const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
          expect(m[oy! + y]![ox! + x]).toBe(ring !== 2);
        }
      }
    }
    for (let i = 8; i < q.size - 8; i++) {
      expect(m[6]![i]).toBe(i % 2 === 0);
      expect(m[i]![6]).toBe(i % 2 === 0);
    }
    const [a, b] = formatBits(q);
    expect(a).toBe(b);
    const data = (a ^ 0x5412) >>> 10;
    expect(data >>> 3).toBe(0); // level M
    expect(data & 7).toBe(q.mask);
  });

  it('grows with the data and refuses what no version holds', () => {
    expect(encodeQr('A').version).toBe(1);
    expect(encodeQr('x'.repeat(300), 'L').version).toBeGreaterThan(encodeQr('x'.repeat(100), 'L').version);
    expect(() => encodeQr('x'.repeat(3000), 'M')).toThrow(RangeError);
  });
});
