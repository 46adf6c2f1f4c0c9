import type { ContactImportResult } from '@guiche/contracts';

/**
 * The spreadsheet import (inbox.md §2, §7). The spec's web reads the sheet itself and posts one row
 * per call to /contactsImport, 330 ms apart, with progress every 5 rows. This web carries no
 * spreadsheet reader, and the server offers no preview of the rows, so the file goes whole to
 * POST /contacts/upload, which imports it row by row (one bad row never stops the others) and
 * answers the per-row outcome; the dialog shows the upload progress, then that outcome.
 */
export const IMPORT_AUTO_CLOSE_MS = 15_000;

export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'processing' }
  | { kind: 'done'; result: ContactImportResult }
  | { kind: 'failed'; error: unknown };

/** Upload progress as a whole percent (0 until the size is known). */
export function uploadPercent(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((loaded / total) * 100)));
}

export interface ImportSummary {
  created: number;
  updated: number;
  failed: number;
  /** Rows that did not land, in sheet order. */
  errors: ContactImportResult['errors'];
}

export function summarizeImport(result: ContactImportResult): ImportSummary {
  const errors = [...result.errors].sort((a, b) => a.row - b.row);
  return { created: result.created, updated: result.updated, failed: errors.length, errors };
}

/** Seconds left before the finished dialog closes itself (never negative). */
export function secondsLeft(finishedAt: number, now: number, total = IMPORT_AUTO_CLOSE_MS): number {
  return Math.max(0, Math.ceil((finishedAt + total - now) / 1000));
}
