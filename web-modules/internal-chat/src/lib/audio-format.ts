/** outreach-config.md §9: the recorder runs at 128 kbps and prefers mp3. */
export const AUDIO_BITS_PER_SECOND = 128_000;
const PREFERRED_TYPES = ['audio/mpeg', 'audio/mp3'];

/**
 * mp3 when the browser's MediaRecorder can encode it; otherwise undefined, which lets the
 * recorder pick its own format (Chromium: audio/webm with Opus). We send whatever was recorded
 * rather than re-encoding in the page: no mp3 encoder ships with the stack.
 */
export function preferredAudioType(isTypeSupported: (type: string) => boolean): string | undefined {
  return PREFERRED_TYPES.find((type) => isTypeSupported(type));
}

const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
};

export function audioExtension(mimeType: string): string {
  const base = mimeType.split(';')[0].trim().toLowerCase();
  return EXTENSIONS[base] ?? 'webm';
}

export function audioFileName(mimeType: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `audio-${stamp}.${audioExtension(mimeType)}`;
}
