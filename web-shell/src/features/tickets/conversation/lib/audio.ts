import { MIN_AUDIO_BYTES } from '@guiche/contracts';

/** inbox.md §9: recordings at 128 kbps, mp3 preferred, under 10000 bytes discarded. */
export const AUDIO_BITS_PER_SECOND = 128_000;
export { MIN_AUDIO_BYTES };
const MP3_TYPES = ['audio/mpeg', 'audio/mp3'];
/** What Chromium and Firefox record when mp3 is not available (Opus in WebM/Ogg). */
const FALLBACK_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg', 'audio/mp4'];

/**
 * The recorder's format: mp3 when this browser's MediaRecorder can encode it, else the first
 * format it supports (Chromium: audio/webm with Opus), else undefined (the browser's default).
 * No mp3 encoder ships with the web, so a browser without one sends what it records.
 */
export function recordingType(isTypeSupported: (type: string) => boolean): { mimeType: string | undefined; isMp3: boolean } {
  const mp3 = MP3_TYPES.find((t) => isTypeSupported(t));
  if (mp3) return { mimeType: mp3, isMp3: true };
  return { mimeType: FALLBACK_TYPES.find((t) => isTypeSupported(t)), isMp3: false };
}

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/wav': 'wav' };

export function audioFileName(mimeType: string, now: Date): string {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  return `audio-${now.toISOString().replace(/[:.]/g, '-')}.${EXTENSIONS[base] ?? 'webm'}`;
}

export function isTooShort(bytes: number): boolean {
  return bytes < MIN_AUDIO_BYTES;
}

/** Playback speeds of the audio player (inbox.md §2); the choice is remembered on this device. */
export const AUDIO_SPEEDS = [0.5, 1, 1.5, 2] as const;
export const AUDIO_SPEED_KEY = 'guiche:audioPlaybackRate';

export function readAudioSpeed(storage: Pick<Storage, 'getItem'> | undefined): number {
  const value = Number(storage?.getItem(AUDIO_SPEED_KEY));
  return (AUDIO_SPEEDS as readonly number[]).includes(value) ? value : 1;
}

export function nextAudioSpeed(current: number): number {
  const index = (AUDIO_SPEEDS as readonly number[]).indexOf(current);
  return AUDIO_SPEEDS[(index + 1) % AUDIO_SPEEDS.length]!;
}
