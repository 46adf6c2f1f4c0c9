import { useSyncExternalStore } from 'react';
import type { SlaKind, TicketSla } from '@guiche/contracts';

/** One ticking clock for every countdown on the page (one timer, not one per row). */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

export type ClockState = 'ok' | 'warning' | 'breached';

export interface SlaClock {
  kind: SlaKind;
  dueAt: number;
  state: ClockState;
  /** Due minus now: negative once breached. */
  remainingMs: number;
}

/**
 * The clock a waiting ticket's row shows: the first response until an agent answered, then the
 * resolution; none for a closed ticket or without a target. Amber from the 75 % instant the
 * server computed (business hours already counted), red from the due instant.
 */
export function slaClock(sla: TicketSla | null | undefined, status: string, nowMs: number): SlaClock | null {
  if (!sla || (status !== 'pending' && status !== 'open')) return null;
  // A breach the server stamped is red even if this browser's clock lags behind the server's.
  const pick = (kind: SlaKind, due: string | null, warn: string | null, stamped: string | null): SlaClock | null => {
    if (!due) return null;
    const dueAt = Date.parse(due);
    const warnAt = warn ? Date.parse(warn) : dueAt;
    const breached = Boolean(stamped) || nowMs >= dueAt;
    return { kind, dueAt, remainingMs: dueAt - nowMs, state: breached ? 'breached' : nowMs >= warnAt ? 'warning' : 'ok' };
  };
  if (!sla.firstResponseAt) {
    const first = pick('firstResponse', sla.firstResponseDueAt, sla.firstResponseWarnAt, sla.firstResponseBreachedAt);
    if (first) return first;
  }
  return pick('resolution', sla.resolutionDueAt, sla.resolutionWarnAt, sla.resolutionBreachedAt);
}

/** 45 s → "0:45", 12 min → "12:00", 3 h 5 min → "3h05", 2 days → "2d 3h". */
export function durationText(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days) return `${days}d ${hours}h`;
  if (hours) return `${hours}h${String(minutes).padStart(2, '0')}`;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
