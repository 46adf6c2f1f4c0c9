import { SERVICE_HOURS_TIME_ZONE } from '@guiche/contracts';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_HOURS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export interface LocalMoment {
  /** 'YYYY-MM-DD' */
  day: string;
  year: number;
  month: number;
  date: number;
  /** 'HH:MM' */
  time: string;
}

/** `now` in the service-hours time zone (America/Sao_Paulo), where birthdays are counted. */
export function localMoment(now: Date): LocalMoment {
  const parts = formatter.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const [year, month, date] = [get('year'), get('month'), get('day')];
  return { day: `${year}-${month}-${date}`, year: Number(year), month: Number(month), date: Number(date), time: `${get('hour')}:${get('minute')}` };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The (month, day) pairs of birthdays celebrated on this local day. Someone born on 29 February is
 * greeted on 28 February in a year without one (and on the 29th in a leap year, never twice).
 */
export function birthdaysOn(local: Pick<LocalMoment, 'year' | 'month' | 'date'>): { month: number; day: number }[] {
  const today = { month: local.month, day: local.date };
  if (local.month === 2 && local.date === 28 && !isLeap(local.year)) return [today, { month: 2, day: 29 }];
  return [today];
}

/** The instant the local day `day` ('YYYY-MM-DD') reads `time` ('HH:MM') in the service-hours time zone. */
export function localInstant(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  // Two corrections settle the zone's offset (also across a change of offset).
  for (let i = 0; i < 2; i++) {
    const l = localMoment(new Date(guess));
    const [lh, lm] = l.time.split(':').map(Number);
    guess += wanted - Date.UTC(l.year, l.month - 1, l.date, lh, lm);
  }
  return new Date(guess);
}

/** The local day after `day`. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
