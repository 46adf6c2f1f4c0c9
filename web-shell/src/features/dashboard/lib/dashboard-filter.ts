import { DASHBOARD_PERIODS } from '@guiche/contracts';

/** What the dashboard asks the server for: the last N days, or a date range. */
export type DashboardRange = { days: number } | { from: string; to: string };

export interface FilterForm {
  mode: 'period' | 'dates';
  days: string;
  from: string;
  to: string;
}

export const PERIODS = DASHBOARD_PERIODS;
export const DEFAULT_FILTER: FilterForm = { mode: 'period', days: '7', from: '', to: '' };

/**
 * The range a filled form means, or null when the form has no parameters ('Parametrize o
 * filtro'). A single date means that day; dates out of order are swapped.
 */
export function rangeOf(form: FilterForm): DashboardRange | null {
  if (form.mode === 'period') {
    const days = Number(form.days);
    return (PERIODS as readonly number[]).includes(days) ? { days } : null;
  }
  const from = form.from || form.to;
  const to = form.to || form.from;
  if (!from || !to) return null;
  return from <= to ? { from, to } : { from: to, to: from };
}

export function rangeKey(range: DashboardRange): string {
  return 'days' in range ? `d${range.days}` : `${range.from}_${range.to}`;
}
