import { SERVICE_HOURS_TIME_ZONE } from '@guiche/contracts';

/**
 * Ban guardrails of a Baileys connection (issue #31). Defaults follow the usual warm-up advice for
 * a new WhatsApp number: a few dozen messages on its first day, growing over two weeks to the cap.
 */
export interface GuardSettings {
  /** Campaign messages a connection sends per day (in the service-hours time zone) once warmed up. */
  dailyCap: number;
  /** The cap on the connection's first campaign day. */
  warmupStart: number;
  /** Days from warmupStart to dailyCap, growing linearly; 0 = no ramp. */
  warmupDays: number;
  /** Sending hours "HH:MM"–"HH:MM" (end exclusive); both null = any time. */
  sendingFrom: string | null;
  sendingTo: string | null;
  /** Failed sends, "not on WhatsApp" answers and blocks that pause the campaign within the window. */
  failureThreshold: number;
  failureWindowMinutes: number;
}

export const GUARD_DEFAULTS: GuardSettings = {
  dailyCap: 500,
  warmupStart: 30,
  warmupDays: 14,
  sendingFrom: null,
  sendingTo: null,
  failureThreshold: 5,
  failureWindowMinutes: 30,
};

/** Pause reasons the guard sets. The first two lift themselves; the others wait for a resume click. */
export const GuardPause = {
  dailyCap: 'GUARD_DAILY_CAP',
  sendingHours: 'GUARD_SENDING_HOURS',
  failures: 'GUARD_FAILURES',
  quality: 'GUARD_QUALITY',
  /** Cloud API: the unique recipients of the last 24 hours reached Meta's messaging limit tier. */
  tierCap: 'GUARD_TIER_CAP',
} as const;
export const HELD_PAUSES: readonly string[] = [GuardPause.failures, GuardPause.quality];

const DAY_MS = 86_400_000;
const partsFormatter = new Intl.DateTimeFormat('en-US', { timeZone: SERVICE_HOURS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function localParts(at: Date) {
  const parts = Object.fromEntries(partsFormatter.formatToParts(at).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), hh: parts.hour, mm: parts.minute, ss: Number(parts.second) };
}

/** The instant the local day of `at` began (service-hours time zone). */
export function dayStart(at: Date): Date {
  const p = localParts(at);
  const localAsUtc = Date.UTC(p.y, p.m - 1, p.d, Number(p.hh), Number(p.mm), p.ss);
  const offset = localAsUtc - Math.floor(at.getTime() / 1000) * 1000;
  return new Date(Date.UTC(p.y, p.m - 1, p.d) - offset);
}

export const nextDayStart = (at: Date): Date => dayStart(new Date(dayStart(at).getTime() + DAY_MS + 3 * 3_600_000));

/** Day of the warm-up ramp at `now` (0 = the day of the first send). */
export const warmupDay = (firstSendAt: Date | null, now: Date): number =>
  firstSendAt ? Math.max(0, Math.round((dayStart(now).getTime() - dayStart(firstSendAt).getTime()) / DAY_MS)) : 0;

/** Today's cap: linear from warmupStart on day 0 to dailyCap on day warmupDays. */
export function capForDay(settings: Pick<GuardSettings, 'dailyCap' | 'warmupStart' | 'warmupDays'>, day: number): number {
  if (settings.warmupDays <= 0 || day >= settings.warmupDays) return settings.dailyCap;
  const start = Math.min(settings.warmupStart, settings.dailyCap);
  return Math.round(start + ((settings.dailyCap - start) * day) / settings.warmupDays);
}

/** Within the sending hours (local time); a window that wraps midnight (22:00–06:00) works too. */
export function withinSendingHours(settings: Pick<GuardSettings, 'sendingFrom' | 'sendingTo'>, now: Date): boolean {
  const { sendingFrom: from, sendingTo: to } = settings;
  if (!from || !to || from === to) return true;
  const p = localParts(now);
  const time = `${p.hh}:${p.mm}`;
  return from < to ? time >= from && time < to : time >= from || time < to;
}

export type FailureKind = 'notOnWhatsapp' | 'blocked' | 'failed';

/** What a failed shipping's reason means for the number's reputation. */
export function classifyFailure(reason: string | null): FailureKind {
  const r = reason ?? '';
  if (/ERR_WAPP_INVALID_CONTACT|ERR_INVALID_NUMBER|not on whatsapp|not.?exists?/i.test(r)) return 'notOnWhatsapp';
  if (/block|forbidden|\b403\b/i.test(r)) return 'blocked';
  return 'failed';
}
