import {
  BufferJSON,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import type { AuthStateStore, SessionIO } from '@guiche/core';

export const CREDS = { category: 'creds', id: 'creds' } as const;

/** Values go through Baileys' BufferJSON so Buffers and Uint8Arrays survive the JSON column. */
export const encode = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
export const decode = <T>(text: unknown): T => (typeof text === 'string' ? JSON.parse(text, BufferJSON.reviver) : text) as T;

export interface DatabaseAuthState {
  state: AuthenticationState;
  /** Writes the current creds (Baileys' creds.update). */
  saveCreds(): Promise<void>;
}

/** The raw key store over io.authState: one category per key type, one transaction per set. */
export function signalKeyStore(store: AuthStateStore): SignalKeyStore {
  return {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const found = await store.getMany<string>(type, ids);
      const result: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        if (found[id] === undefined || found[id] === null) continue;
        let value = decode<any>(found[id]);
        if (type === 'app-state-sync-key') value = proto.Message.AppStateSyncKeyData.fromObject(value);
        result[id] = value;
      }
      return result;
    },
    async set(data: SignalDataSet) {
      const entries: { category: string; id: string; value: string | null }[] = [];
      for (const [category, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          entries.push({ category, id, value: value === null || value === undefined ? null : encode(value) });
        }
      }
      if (entries.length) await store.set(entries);
    },
    async clear() {
      await store.clear();
    },
  };
}

/** Baileys' AuthenticationState kept in PostgreSQL through the session's io.authState (never files). */
export async function loadAuthState(store: AuthStateStore, log: SessionIO['log']): Promise<DatabaseAuthState> {
  const stored = await store.get<string>(CREDS.category, CREDS.id);
  const creds: AuthenticationCreds = stored ? decode<AuthenticationCreds>(stored) : initAuthCreds();
  const keys = makeCacheableSignalKeyStore(signalKeyStore(store), log as never);
  return {
    state: { creds, keys },
    saveCreds: () => store.set([{ ...CREDS, value: encode(creds) }]),
  };
}
