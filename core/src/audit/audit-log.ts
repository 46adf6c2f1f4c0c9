import type { Knex } from 'knex';
import { changeOf } from './mask.js';

/** What every audit row says; old/new are raw rows or bodies, masked and reduced on write. */
export interface AuditEntry {
  companyId: number | null;
  userId: number | null;
  /** For a failed sign-in: the e-mail that was tried (the user may not exist). */
  userEmail?: string | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  ip?: string | null;
  method?: string | null;
  path?: string | null;
  oldValues?: unknown;
  newValues?: unknown;
}

export interface AuditLog {
  /** Appends one row (never updates one). Pass trx to make it part of the caller's transaction. */
  record(entry: AuditEntry, trx?: Knex | Knex.Transaction): Promise<void>;
}

export const AuditActions = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  login: 'login',
  loginFailed: 'login_failed',
  tokenRegenerated: 'token_regenerated',
  export: 'export',
} as const;

/** notify: told the company of each row appended outside a caller's transaction (a live event). */
export function createAuditLog(db: Knex, notify: (companyId: number) => void = () => undefined): AuditLog {
  return {
    async record(entry, trx = db) {
      const user = entry.userId ? await trx('users').where({ id: entry.userId }).first('name', 'email') : undefined;
      const change = changeOf(entry.oldValues ?? null, entry.newValues ?? null);
      await trx('auditLogs').insert({
        companyId: entry.companyId,
        userId: entry.userId,
        userName: user?.name ?? null,
        userEmail: entry.userEmail ?? user?.email ?? null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId).slice(0, 120),
        ip: entry.ip?.slice(0, 64) ?? null,
        method: entry.method ?? null,
        path: entry.path?.slice(0, 300) ?? null,
        oldValues: change.old === null ? null : JSON.stringify(change.old),
        newValues: change.new === null ? null : JSON.stringify(change.new),
      });
      if (trx === db && entry.companyId !== null) notify(entry.companyId);
    },
  };
}
