import { describe, expect, it } from 'vitest';
import { audioFileName, isTooShortAudio, recordingType } from '@guiche/web-sdk';
import { AUDIO_SPEEDS, AUDIO_SPEED_KEY, nextAudioSpeed, readAudioSpeed } from '../src/features/tickets/conversation/lib/audio.js';
import { clampZoom, pinchZoom, zoomIn, zoomOut } from '../src/features/tickets/conversation/lib/gallery.js';
import { noteError } from '../src/features/tickets/drawer/components/NotesSection.js';
import { contactChanges } from '../src/features/tickets/drawer/components/ContactEditDialog.js';
import type { Contact } from '@guiche/contracts';

describe('audio', () => {
  it('records mp3 when the browser can, else its own format', () => {
    expect(recordingType((t) => t === 'audio/mpeg' || t === 'audio/webm')).toEqual({ mimeType: 'audio/mpeg', isMp3: true });
    expect(recordingType((t) => t.startsWith('audio/webm'))).toEqual({ mimeType: 'audio/webm;codecs=opus', isMp3: false });
    expect(recordingType(() => false)).toEqual({ mimeType: undefined, isMp3: false });
    expect(audioFileName('audio/webm;codecs=opus', new Date('2026-01-02T03:04:05.000Z'))).toBe('audio-2026-01-02T03-04-05-000Z.webm');
    expect(audioFileName('audio/mpeg', new Date('2026-01-02T03:04:05.000Z'))).toMatch(/\.mp3$/);
  });

  it('discards recordings under 10000 bytes', () => {
    expect(isTooShortAudio(9999)).toBe(true);
    expect(isTooShortAudio(10000)).toBe(false);
  });

  it('cycles speeds 0.5, 1, 1.5, 2 and reads back the remembered one', () => {
    expect(AUDIO_SPEEDS).toEqual([0.5, 1, 1.5, 2]);
    expect([0.5, 1, 1.5, 2].map(nextAudioSpeed)).toEqual([1, 1.5, 2, 0.5]);
    const store = new Map<string, string>([[AUDIO_SPEED_KEY, '1.5']]);
    expect(readAudioSpeed({ getItem: (k) => store.get(k) ?? null })).toBe(1.5);
    store.set(AUDIO_SPEED_KEY, '3');
    expect(readAudioSpeed({ getItem: (k) => store.get(k) ?? null })).toBe(1);
    expect(readAudioSpeed(undefined)).toBe(1);
  });
});

describe('gallery zoom', () => {
  it('steps by 0.2 between 1 and 3', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomIn(zoomIn(1))).toBe(1.4);
    expect(zoomOut(1.2)).toBe(1);
    expect(zoomOut(1)).toBe(1);
    expect(zoomIn(2.9)).toBe(3);
    expect(clampZoom(7)).toBe(3);
  });

  it('pinch zoom follows the finger distance within 1 to 3', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 400)).toBe(3);
    expect(pinchZoom(1.5, 100, 10)).toBe(1);
  });
});

describe('contact drawer rules', () => {
  it('needs a note of at least 2 characters', () => {
    expect(noteError('')).toBe('required');
    expect(noteError('   ')).toBe('required');
    expect(noteError(' a ')).toBe('tooShort');
    expect(noteError('ok')).toBeNull();
  });

  it('sends only what changed, never an untouched masked number', () => {
    const contact = { id: 1, name: 'Ana', number: '*********99', email: '', extraInfo: [{ id: 3, name: 'CPF', value: '1' }] } as unknown as Contact;
    expect(contactChanges(contact, { name: 'Ana', number: '*********99', email: '', extraInfo: [{ name: 'CPF', value: '1' }] })).toEqual({});
    expect(contactChanges(contact, { name: 'Ana Maria ', number: '*********99', email: 'a@b.co', extraInfo: [] })).toEqual({ name: 'Ana Maria', email: 'a@b.co', extraInfo: [] });
  });
});
