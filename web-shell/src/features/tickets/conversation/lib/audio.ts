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
