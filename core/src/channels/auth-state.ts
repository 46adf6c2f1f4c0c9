import type { Knex } from 'knex';
import type { AuthStateStore } from './types.js';

export const AUTH_STATE_TABLE = 'channelAuthState';
/** Rows per INSERT statement: a Baileys pre-key batch can hold hundreds of keys. */
const CHUNK = 500;

interface Entry {
  category: string;
  id: string;
  value: unknown | null;
}

/**
 * A connection's auth state in PostgreSQL. Values are stored as JSON text and come back as they
 * were given (a string written is a string read), so a channel may hand over its own serialisation
 * (Baileys' BufferJSON) or plain objects.
 */
export function createAuthStateStore(db: Knex, companyId: number, connectionId: number): AuthStateStore {
  const scope = { companyId, whatsappId: connectionId };
  return {
    async get<T>(category: string, id: string): Promise<T | null> {
      const row = await db(AUTH_STATE_TABLE).where({ ...scope, category, keyId: id }).first('value');
      return row ? (JSON.parse(row.value) as T) : null;
    },

    async getMany<T>(category: string, ids: string[]): Promise<Record<string, T>> {
      const found: Record<string, T> = {};
      if (ids.length === 0) return found;
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db(AUTH_STATE_TABLE)
          .where({ ...scope, category })
          .whereIn('keyId', ids.slice(i, i + CHUNK))
          .select('keyId', 'value');
        for (const row of rows) found[row.keyId] = JSON.parse(row.value) as T;
      }
      return found;
    },

    async set(entries: Entry[]): Promise<void> {
      // The last write of a key in one batch wins (ON CONFLICT cannot touch a row twice per statement).
      const latest = new Map<string, Entry>();
      for (const entry of entries) latest.set(JSON.stringify([entry.category, entry.id]), entry);
      const deletes: Entry[] = [];
      const upserts: Record<string, unknown>[] = [];
      for (const entry of latest.values()) {
        if (entry.value === null || entry.value === undefined) deletes.push(entry);
        else upserts.push({ ...scope, category: entry.category, keyId: entry.id, value: JSON.stringify(entry.value), updatedAt: db.fn.now() });
      }
      if (deletes.length === 0 && upserts.length === 0) return;
      await db.transaction(async (trx) => {
        for (let i = 0; i < deletes.length; i += CHUNK) {
          const pairs = deletes.slice(i, i + CHUNK).map((d) => [d.category, d.id]);
          await trx(AUTH_STATE_TABLE).where(scope).whereIn(['category', 'keyId'], pairs).delete();
        }
        for (let i = 0; i < upserts.length; i += CHUNK) {
          await trx(AUTH_STATE_TABLE)
            .insert(upserts.slice(i, i + CHUNK))
            .onConflict(['whatsappId', 'category', 'keyId'])
            .merge(['value', 'updatedAt']);
        }
      });
    },

    async clear(): Promise<void> {
      await db(AUTH_STATE_TABLE).where(scope).delete();
    },
  };
}
