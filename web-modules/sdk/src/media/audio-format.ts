import { MIN_AUDIO_BYTES } from '@guiche/contracts';

/** inbox.md §9 / outreach-config.md §9: recordings at 128 kbps, mp3 preferred, under MIN_AUDIO_BYTES discarded. */
export const AUDIO_BITS_PER_SECOND = 128_000;
const MP3_TYPES = ['audio/mpeg', 'audio/mp3'];
/** What Chromium and Firefox record when mp3 is not available (Opus in WebM/Ogg). */
export const AUDIO_FALLBACK_TYPES: readonly string[] = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg', 'audio/mp4'];

/**
 * The recorder's format: mp3 when this browser's MediaRecorder can encode it, else the first of
 * `fallbackTypes` it supports (by default: Chromium gets audio/webm with Opus), else undefined
 * (the browser's default). No mp3 encoder ships with the web, so a browser without one sends what
 * it records.
 */
export function recordingType(
  isTypeSupported: (type: string) => boolean,
  fallbackTypes: readonly string[] = AUDIO_FALLBACK_TYPES,
): { mimeType: string | undefined; isMp3: boolean } {
  const mp3 = MP3_TYPES.find((t) => isTypeSupported(t));
  if (mp3) return { mimeType: mp3, isMp3: true };
  return { mimeType: fallbackTypes.find((t) => isTypeSupported(t)), isMp3: false };
}

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/wav': 'wav' };

/** `audio/webm;codecs=opus` → `audio/webm`. */
export function mimeEssence(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

export function audioFileName(mimeType: string, now: Date): string {
  return `audio-${now.toISOString().replace(/[:.]/g, '-')}.${EXTENSIONS[mimeEssence(mimeType)] ?? 'webm'}`;
}

/** A recording smaller than MIN_AUDIO_BYTES (@guiche/contracts) is discarded, never sent. */
export function isTooShortAudio(bytes: number): boolean {
  return bytes < MIN_AUDIO_BYTES;
}
