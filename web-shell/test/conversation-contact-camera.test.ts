import { describe, expect, it } from 'vitest';
import { cameraFileName, cameraProblemOf, canUseCamera, captureSize } from '../src/features/tickets/conversation/lib/camera.js';
import { cardOfContact, isVCardFile, nameOfVCardFile, parseVCard } from '../src/features/tickets/conversation/lib/vcard.js';

const message = (over: { mediaType?: string; mediaName?: string | null; mediaUrl?: string | null }) => ({ mediaType: 'application', mediaName: null, mediaUrl: null, data: null, ...over });

describe('contact cards', () => {
  it('reads name and number from the vCard the server writes, and from other writers', () => {
    // core/src/messaging/messages-media.ts storeVCard
    const server = ['BEGIN:VCARD', 'VERSION:3.0', 'N:;Carlos Lima;;;', 'FN:Carlos Lima', 'TEL;type=CELL;waid=5511955554444:+5511955554444', 'END:VCARD', ''].join('\r\n');
    expect(parseVCard(server)).toEqual({ name: 'Carlos Lima', number: '5511955554444' });
    // No FN, no waid: N's parts and the TEL's digits; a folded line is joined.
    const other = ['BEGIN:VCARD', 'N:Lima;Carlos;;;', 'item1.TEL;type=CELL:+55 (11) 9', ' 5555-4444', 'END:VCARD'].join('\n');
    expect(parseVCard(other)).toEqual({ name: 'Carlos Lima', number: '5511955554444' });
    expect(parseVCard('BEGIN:VCARD\nEND:VCARD')).toEqual({ name: '', number: '' });
  });

  it('recognises a stored .vcf as a card, by type or by name, and nothing else', () => {
    expect(isVCardFile(message({ mediaName: 'Carlos Lima.vcf' }), { mimetype: 'text/vcard' })).toBe(true);
    expect(isVCardFile(message({ mediaName: 'card' }), { mimetype: 'text/x-vcard; charset=utf-8' })).toBe(true);
    expect(isVCardFile(message({ mediaType: 'document', mediaUrl: 'company1/messages/abc.VCF' }), {})).toBe(true);
    expect(isVCardFile(message({ mediaName: 'nota-fiscal.pdf' }), { mimetype: 'application/pdf' })).toBe(false);
    expect(isVCardFile(message({ mediaType: 'image', mediaName: 'x.vcf' }), { mimetype: 'text/vcard' })).toBe(false);
    expect(nameOfVCardFile('Carlos Lima.vcf')).toBe('Carlos Lima');
    expect(nameOfVCardFile('company1/messages/abc.vcf')).toBe('abc');
    expect(nameOfVCardFile(null)).toBe('');
  });

  it('sends a contact with a phone number as digits; refuses masked numbers and visitors', () => {
    expect(cardOfContact({ name: ' Carlos Lima ', number: '+55 (11) 95555-4444' })).toEqual({ card: { name: 'Carlos Lima', number: '5511955554444' } });
    expect(cardOfContact({ name: '', number: '5511955554444' })).toEqual({ card: { name: '5511955554444', number: '5511955554444' } });
    // LGPD hides every digit but the last two from plain users.
    expect(cardOfContact({ name: 'Sofia', number: '***********99' })).toEqual({ problem: 'masked' });
    expect(cardOfContact({ name: 'Visitante', number: 'visitor-1a2b3c4d5e6f7a8b' })).toEqual({ problem: 'noNumber' });
    expect(cardOfContact({ name: 'Curto', number: '1234567' })).toEqual({ problem: 'noNumber' });
    expect(cardOfContact({ name: 'Sem número', number: null })).toEqual({ problem: 'noNumber' });
    expect(cardOfContact({ name: 'Oito', number: '12345678' })).toEqual({ card: { name: 'Oito', number: '12345678' } });
  });
});

describe('camera', () => {
  it('tells why the camera did not open', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(cameraProblemOf(named('NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(named('SecurityError'))).toBe('denied');
    expect(cameraProblemOf(named('NotFoundError'))).toBe('notFound');
    expect(cameraProblemOf(named('OverconstrainedError'))).toBe('notFound');
    expect(cameraProblemOf(named('NotReadableError'))).toBe('busy');
    expect(cameraProblemOf(new TypeError('no constraints'))).toBe('unsupported');
    expect(cameraProblemOf(named('WeirdError'))).toBe('failed');
    expect(cameraProblemOf(undefined)).toBe('failed');
    expect(cameraProblemOf('denied')).toBe('failed');
  });

  it('offers the camera only where the browser has getUserMedia', () => {
    expect(canUseCamera({ mediaDevices: { getUserMedia: () => undefined } })).toBe(true);
    expect(canUseCamera({})).toBe(false);
    expect(canUseCamera({ mediaDevices: {} })).toBe(false);
    expect(canUseCamera(undefined)).toBe(false);
  });

  it('names the still by local time and keeps it within 1920 px', () => {
    expect(cameraFileName(new Date(2026, 0, 2, 3, 4, 5))).toBe('camera-20260102-030405.jpg');
    expect(captureSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(captureSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(captureSize(1080, 2400)).toEqual({ width: 864, height: 1920 });
    expect(captureSize(0, 0)).toEqual({ width: 0, height: 0 });
  });
});
