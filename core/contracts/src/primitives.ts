import { z } from 'zod';
import { V } from './messages.js';

/**
 * Shared zod primitives (issue 17). Every route schema — core and plugins, server and web — builds
 * its ids, texts, dates and uuids from these, so bad input is a 400 with a translated key and never
 * reaches PostgreSQL as a 500 ("out of range for type integer", "invalid byte sequence", "date/time
 * field value out of range", "value too long"). core/test/contracts-route-schemas.test.ts checks the
 * OpenAPI document: every id is bounded, every string has a maximum.
 */

/** PostgreSQL `integer` range: ids and every int column. */
export const PG_INT_MAX = 2147483647;
/** Years a date or date-time may carry (PostgreSQL accepts more; no feature needs them). */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2999;
/** Default bound of an id array (body or JSON-encoded query value). */
export const IDS_MAX = 500;

/** Validation keys of the primitives (namespace "validation"; the web translates them). */
export const PrimitiveV = {
  id: 'validation.id',
  ids: 'validation.ids',
  number: 'validation.number',
  text: 'validation.invalidText',
  date: 'validation.invalidDate',
  dateTime: 'validation.invalidDateTime',
  uuid: 'validation.uuid',
  option: 'validation.option',
} as const;

const missing = (input: unknown) => input === undefined;

// ——— numbers ———

/**
 * An integer in [min, max]: a JSON number, or a string of digits (path, query and multipart values
 * are strings). Anything else — "1e3", "0x10", " 1", true, [1], 2147483648 — is refused.
 */
export function int(min: number, max: number, message: string = PrimitiveV.number) {
  const error = (iss: { input?: unknown }) => (missing(iss.input) ? V.required : message);
  const number = z.number({ error }).int(message).min(min, message).max(max, message);
  const digits = z
    .string({ error })
    .max(12, message)
    .regex(min < 0 ? /^-?\d{1,11}$/ : /^\d{1,11}$/, message)
    .transform(Number)
    .pipe(number);
  return z.union([number, digits], { error });
}

/** A row id: integer 1..2147483647, coerced from a string of digits. */
export const id = int(1, PG_INT_MAX, PrimitiveV.id);
/** 0 or a row id (lists where 0 stands for "none", e.g. 'Sem fila'). */
export const idOrZero = int(0, PG_INT_MAX, PrimitiveV.id);
/** pageNumber of paged lists. */
export const pageNumber = int(1, 100000, PrimitiveV.number).default(1);

/** An array of ids, at most `max` (default 500); duplicates are kept (callers dedupe when it matters). */
export function ids(max: number = IDS_MAX) {
  return z.array(id, { error: PrimitiveV.ids }).max(max, PrimitiveV.ids);
}

/**
 * A JSON-encoded array in a query value (`?tags=[1,2]`): bounded in length and items, each item
 * checked by `item` (default: an id). Invalid JSON, a non-array or a bad item → `message`.
 */
export function jsonArray<T extends z.ZodType>(item: T, max: number = IDS_MAX, message: string = PrimitiveV.ids) {
  return z
    .string()
    .max(Math.max(64, max * 14), message)
    .regex(/^\s*\[[\s\S]*\]\s*$/, message)
    .transform((value, ctx): z.output<T>[] => {
      let raw: unknown;
      try {
        raw = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const parsed = z.array(item).max(max).safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed.data;
    });
}

/** `?ids=[1,2,3]`: a JSON array of ids in a query value, deduplicated. */
export function idsJson(max: number = IDS_MAX, message: string = PrimitiveV.ids) {
  return jsonArray(id, max, message).transform((list) => [...new Set(list)]);
}

// ——— text ———

/**
 * Text PostgreSQL can store: no NUL and no UTF-16 surrogate without its pair. It is also the
 * `pattern` text() shows in the OpenAPI document, which the route-schema test looks for.
 */
// eslint-disable-next-line no-control-regex
export const STORABLE_TEXT = /^[^\u0000\ud800-\udfff]*(?:[\ud800-\udbff][\udc00-\udfff][^\u0000\ud800-\udfff]*)*$/;
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can store the string as text (no NUL, no lone surrogate); any length. */
export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

export interface TextOptions {
  /** Trim surrounding white space before the length checks (where the spec trims). */
  trim?: boolean;
  /** Message of the maximum (default validation.tooLong). */
  tooLong?: string;
  /** Message when the value is missing or not a string (default validation.required). */
  error?: string;
}

/**
 * A text of at most `max` characters (the column's size) that PostgreSQL can store: NUL and lone
 * surrogates → validation.invalidText. Chain `.min(n, key)` after it for a minimum.
 */
export function text(max: number, options: TextOptions = {}) {
  const base = z.string({ error: (iss) => options.error ?? (missing(iss.input) ? V.required : PrimitiveV.text) });
  return (options.trim ? base.trim() : base)
    .max(max, { message: options.tooLong ?? V.tooLong, abort: true })
    .regex(STORABLE_TEXT, PrimitiveV.text);
}

// ——— dates ———

function realDate(year: number, month: number, day: number): boolean {
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** "YYYY-MM-DD" naming a real calendar day in DATE_YEAR_MIN..DATE_YEAR_MAX (2024-02-31 is not). */
export function isRealDate(value: string): boolean {
  const m = datePattern.exec(value);
  return !!m && realDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** ISO 8601 date-time (T or space, optional seconds/fraction/offset) with a real day and time. */
export function isRealDateTime(value: string): boolean {
  const m = dateTimePattern.exec(value);
  if (!m || !realDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59)) return false;
  const offset = m[8] && m[8] !== 'Z' ? /^[+-](\d{2}):?(\d{2})$/.exec(m[8]) : null;
  return !offset || (Number(offset[1]) <= 14 && Number(offset[2]) <= 59);
}

/** A calendar day "YYYY-MM-DD" (kept as the string). */
export function date(message: string = PrimitiveV.date) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? V.required : message) })
    .max(10, message)
    .regex(datePattern, message)
    .refine(isRealDate, { message, abort: true });
}

/** An ISO 8601 date-time (kept as the string; parse with new Date()). */
export function dateTime(message: string = PrimitiveV.dateTime) {
  return z
    .string({ error: (iss) => (missing(iss.input) ? V.required : message) })
    .max(40, message)
    .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/, message)
    .refine(isRealDateTime, { message, abort: true });
}

// ——— uuids and enums ———

/** A uuid as PostgreSQL's uuid type reads it (any version), 36 characters. */
export const uuid = z
  .string({ error: (iss) => (missing(iss.input) ? V.required : PrimitiveV.uuid) })
  .max(36, PrimitiveV.uuid)
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, PrimitiveV.uuid);

/** One of the given values (validation.option when not). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, message: string = PrimitiveV.option) {
  return z.enum(values, { error: (iss) => (missing(iss.input) ? V.required : message) });
}

/** `/:id` path params. */
export const idParams = z.object({ id });
