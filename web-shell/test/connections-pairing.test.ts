import { describe, expect, it } from 'vitest';
import { pairingCodeInputSchema } from '@guiche/contracts';
import { formatPairingCode, qrDialogEnds } from '../src/features/connections/lib/pairing.js';

describe('pairing code', () => {
  it('is shown as WhatsApp shows its boxes: XXXX-XXXX', () => {
    expect(formatPairingCode('ABCD1234')).toBe('ABCD-1234');
    expect(formatPairingCode('abcd-1234')).toBe('ABCD-1234');
    // Anything else is shown as it came.
    expect(formatPairingCode('ABC12')).toBe('ABC12');
  });

  it('is asked for a phone number typed as people type it; anything else is refused with the validation key', () => {
    expect(pairingCodeInputSchema.parse({ number: '+55 (11) 98765-4321' })).toEqual({ number: '5511987654321' });
    expect(pairingCodeInputSchema.parse({ number: '5511987654321' })).toEqual({ number: '5511987654321' });
    for (const number of ['1234567', '5511 98765 4321 0000', 'abc', '55-11-9876x4321', '', '+']) {
      const result = pairingCodeInputSchema.safeParse({ number });
      expect(result.success, number).toBe(false);
      expect(result.error!.issues.map((i) => i.message)).toContain('validation.pairingNumber');
    }
  });
});

describe('the QR dialog closing itself', () => {
  it('closes when the QR it showed goes away, or when connected', () => {
    expect(qrDialogEnds({ hadQr: true, pairing: false }, { status: 'OPENING', qrcode: null })).toBe(true);
    expect(qrDialogEnds({ hadQr: false, pairing: false }, { status: 'OPENING', qrcode: null })).toBe(false);
    expect(qrDialogEnds({ hadQr: true, pairing: false }, { status: 'qrcode', qrcode: '2@x' })).toBe(false);
    expect(qrDialogEnds({ hadQr: false, pairing: false }, { status: 'CONNECTED', qrcode: null })).toBe(true);
  });

  it('stays open while a pairing code is on screen (PAIRING has no QR), until the pairing ends', () => {
    expect(qrDialogEnds({ hadQr: true, pairing: true }, { status: 'PAIRING', qrcode: null })).toBe(false);
    // PAIRING reported live before the code's answer reached the dialog.
    expect(qrDialogEnds({ hadQr: true, pairing: false }, { status: 'PAIRING', qrcode: null })).toBe(false);
    expect(qrDialogEnds({ hadQr: true, pairing: true }, { status: 'OPENING', qrcode: null })).toBe(false);
    expect(qrDialogEnds({ hadQr: true, pairing: true }, { status: 'CONNECTED', qrcode: null })).toBe(true);
    expect(qrDialogEnds({ hadQr: true, pairing: true }, { status: 'DISCONNECTED', qrcode: null })).toBe(true);
  });
});
