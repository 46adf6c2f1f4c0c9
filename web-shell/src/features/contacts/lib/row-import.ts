/**
 * The spreadsheet import's pacing (inbox.md §7, issue #4): one POST /contactsImport per row, one at
 * a time, 330 ms between an answer and the next call (the server checks and stores each contact;
 * the pause keeps a big sheet from hammering it); progress every 5 rows and at the end; each failed
 * row kept with its reason; a cancel stops after the row in flight (a sent row is never lost half
 * way, and the pause is cut short). No React and no HTTP here: the caller brings the call and the
 * reading of its errors; the pause is a plain setTimeout (real in the browser, vitest's fake clock
 * in the unit test).
 */

export const ROW_SPACING_MS = 330;
export const PROGRESS_EVERY_ROWS = 5;

export type RowOutcome = 'created' | 'updated';

export interface RowFailure {
  row: number;
  /** A validation key (with the field it is about) or an error code, translated when shown. */
  error: string;
  field?: string;
}

export interface ImportProgress {
  done: number;
  total: number;
  created: number;
  updated: number;
  /** In sheet order. */
  errors: RowFailure[];
}

export interface ImportOutcome extends ImportProgress {
  cancelled: boolean;
}

export interface RowImportOptions<Row extends { row: number }> {
  rows: readonly Row[];
  send(row: Row): Promise<RowOutcome>;
  describeError(error: unknown): { error: string; field?: string };
  onProgress(progress: ImportProgress): void;
  /** Aborting stops the import after the row in flight. */
  signal?: AbortSignal;
  spacingMs?: number;
  progressEvery?: number;
}

/** Resolves after `ms`, or at once when the signal aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Whether the bar moves after `done` rows: every `every` rows and at the last one. */
export function reportsProgress(done: number, total: number, every = PROGRESS_EVERY_ROWS): boolean {
  return done === total || (done > 0 && done % every === 0);
}

/** The progress bar's value, 0..1. */
export function progressValue(progress: Pick<ImportProgress, 'done' | 'total'>): number {
  return progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
}

function snapshot(progress: ImportProgress): ImportProgress {
  return { ...progress, errors: [...progress.errors] };
}

export async function importRows<Row extends { row: number }>(options: RowImportOptions<Row>): Promise<ImportOutcome> {
  const { rows, send, describeError, onProgress, signal, spacingMs = ROW_SPACING_MS, progressEvery = PROGRESS_EVERY_ROWS } = options;
  const progress: ImportProgress = { done: 0, total: rows.length, created: 0, updated: 0, errors: [] };
  let reported = -1;
  const report = () => {
    reported = progress.done;
    onProgress(snapshot(progress));
  };
  for (const [index, row] of rows.entries()) {
    if (signal?.aborted) break;
    if (index > 0) {
      await pause(spacingMs, signal);
      if (signal?.aborted) break;
    }
    try {
      const outcome = await send(row);
      if (outcome === 'created') progress.created++;
      else progress.updated++;
    } catch (error) {
      progress.errors.push({ row: row.row, ...describeError(error) });
    }
    progress.done++;
    if (reportsProgress(progress.done, progress.total, progressEvery)) report();
  }
  // The end (or the cancel) always reports, once.
  if (reported !== progress.done || progress.total === 0) report();
  return { ...snapshot(progress), cancelled: progress.done < progress.total };
}
