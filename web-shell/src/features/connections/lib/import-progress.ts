import type { Connection } from '@guiche/contracts';

/** account-admin.md §4, §9: the 'preparing' state lasts 35 s after the import timestamp. */
export const IMPORT_PREPARING_MS = 35_000;
/** statusImportMessages value that offers the close-imported-tickets button. */
export const RENDER_CLOSE_TICKETS = 'renderButtonCloseTickets';

/** The payload of an importMessages-{companyId} event. */
export type ImportEvent = { action: 'refresh' } | { action: 'update'; status: ImportProgress };
export interface ImportProgress {
  this: number;
  all: number;
  date?: string | number | null;
}

/** The session's progress object as the plugin emits it ({ action, status: { this, all, date } } or flat). */
export function readImportEvent(payload: unknown): ImportEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (p.action === 'refresh') return { action: 'refresh' };
  if (p.action !== 'update') return null;
  const source = (p.status && typeof p.status === 'object' ? p.status : p) as Record<string, unknown>;
  const done = Number(source.this);
  const all = Number(source.all);
  if (!Number.isFinite(done) || !Number.isFinite(all)) return null;
  const date = typeof source.date === 'string' || typeof source.date === 'number' ? source.date : null;
  return { action: 'update', status: { this: done, all, date } };
}

/** 0..1 for the progress bar. */
export function importFraction(progress: ImportProgress | null): number {
  if (!progress || progress.all <= 0) return 0;
  return Math.min(1, Math.max(0, progress.this / progress.all));
}

export type ImportButton = { kind: 'closeTickets' } | { kind: 'preparing'; until: number } | null;

/**
 * The import button of a connection (account-admin.md §4): close imported tickets when the server
 * says so; 'preparing' (disabled) while less than 35 s passed since the import timestamp kept in
 * statusImportMessages; nothing otherwise.
 */
export function importButton(connection: Pick<Connection, 'statusImportMessages' | 'importOldMessages'>, now: number = Date.now()): ImportButton {
  const status = connection.statusImportMessages;
  if (status === RENDER_CLOSE_TICKETS) return { kind: 'closeTickets' };
  if (!status || !connection.importOldMessages) return null;
  const stamp = Number(status);
  if (!Number.isFinite(stamp) || stamp <= 0) return null;
  const until = Math.floor(stamp) + IMPORT_PREPARING_MS;
  return until > now ? { kind: 'preparing', until } : null;
}
