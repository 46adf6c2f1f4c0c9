import type { ConnectionInfo } from '@guiche/core';

/** The oldest history the connection form accepts (account-admin: old date within two years). */
export const MAX_IMPORT_AGE_MS = 2 * 365 * 24 * 60 * 60_000;

export interface ImportWindow {
  from: Date;
  to: Date;
  groups: boolean;
}

/** The connection's import window, or null when it imports nothing. */
export function importWindow(connection: ConnectionInfo, now = new Date()): ImportWindow | null {
  if (!connection.importOldMessages) return null;
  const from = new Date(connection.importOldMessages);
  const to = connection.importRecentMessages ? new Date(connection.importRecentMessages) : now;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  const floor = new Date(now.getTime() - MAX_IMPORT_AGE_MS);
  const start = from < floor ? floor : from;
  if (start > to) return null;
  return { from: start, to, groups: connection.importOldMessagesGroups };
}

export function inWindow(window: ImportWindow, timestamp: Date, isGroup: boolean): boolean {
  if (isGroup && !window.groups) return false;
  return timestamp >= window.from && timestamp <= window.to;
}
