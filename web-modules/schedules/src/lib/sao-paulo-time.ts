/**
 * Send times are entered and shown on the company's clock, America/Sao_Paulo, whatever the
 * browser's zone (the server repeats schedules on that wall time too).
 */
export const SCHEDULE_ZONE = 'America/Sao_Paulo';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHEDULE_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wall(instant: Date): Record<string, string> {
  return Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** 'YYYY-MM-DDTHH:mm' (datetime-local) of an instant on São Paulo's clock. */
export function toLocalInput(instant: Date): string {
  const w = wall(instant);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}`;
}

/** The instant a São Paulo wall time ('YYYY-MM-DDTHH:mm[:ss]') stands for; null when it is not a date. */
export function fromLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  let guess = asUtc;
  for (let i = 0; i < 3; i++) {
    const w = wall(new Date(guess));
    const shown = Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day), Number(w.hour), Number(w.minute), Number(w.second));
    if (shown === asUtc) break;
    guess -= shown - asUtc;
  }
  return new Date(guess);
}

/** DD/MM/YYYY HH:mm on São Paulo's clock (the list's send-at column). */
export function formatSendAt(iso: string): string {
  const w = wall(new Date(iso));
  return `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}`;
}
