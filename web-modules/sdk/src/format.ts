import { i18n } from './i18n/index.js';

const pad = (n: number) => String(n).padStart(2, '0');
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date-only string ('2025-03-09') is a calendar day, not UTC midnight: read it in local time. */
export function parseDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** DD/MM/YYYY, or '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = parseDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/** DD/MM/YYYY HH:mm */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = parseDate(value);
  return d ? `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** HH:mm */
export function formatTime(value: string | number | Date | null | undefined): string {
  const d = parseDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** R$ in the pt-BR format, whatever the interface language. */
export function formatCurrency(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return brl.format(Number.isFinite(n) ? n : 0);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A number as the interface language writes it (pt: "6,4", en: "6.4"); one cached formatter per language and options. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = { maximumFractionDigits: 1 }): string {
  const language = i18n.language || 'pt';
  const cacheKey = `${language} ${JSON.stringify(options)}`;
  let fmt = numberFormats.get(cacheKey);
  if (!fmt) {
    fmt = new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : language, options);
    numberFormats.set(cacheKey, fmt);
  }
  return fmt.format(Number.isFinite(value) ? value : 0);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
/** Building an Intl formatter costs far more than using one: long lists call this per row. */
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let fmt = relativeFormats.get(language);
  if (!fmt) {
    fmt = new Intl.RelativeTimeFormat(language === 'pt' ? 'pt-BR' : language, { numeric: 'auto' });
    relativeFormats.set(language, fmt);
  }
  return fmt;
}

/** "há 5 minutos" / "5 minutes ago", in the current interface language. */
export function formatRelativeTime(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const d = parseDate(value);
  if (!d) return '';
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const fmt = relativeFormat(i18n.language);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return fmt.format(Math.trunc(seconds / size), unit);
  }
  return '';
}

/** Whole calendar days from today to the given day (negative when past). */
export function daysUntil(value: string | number | Date | null | undefined, now: Date = new Date()): number | null {
  const d = parseDate(value);
  if (!d) return null;
  const startOf = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  return Math.round((startOf(d) - startOf(now)) / (24 * 3600 * 1000));
}
