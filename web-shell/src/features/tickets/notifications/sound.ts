let context: AudioContext | null = null;

/**
 * A short two-note chime at the volume chosen in the top bar (0 to 1). Synthesised, so there is
 * no audio file to fetch; silent at 0 or where the browser has no Web Audio.
 */
export function playNotificationSound(volume: number): void {
  if (!(volume > 0) || typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
  try {
    context ??= new window.AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const now = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(Math.min(1, volume), now);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.6);
    gain.connect(context.destination);
    for (const [frequency, start] of [[880, 0], [1320, 0.15]] as const) {
      const osc = context.createOscillator();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(frequency, now + start);
      osc.connect(gain);
      osc.start(now + start);
      osc.stop(now + 0.6);
    }
  } catch {
    /* no sound rather than a broken page */
  }
}
