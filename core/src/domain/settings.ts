import type { Knex } from 'knex';
import { SettingDefaults } from '@guiche/contracts';
import { createKeyedCache } from '../cache/keyed-cache.js';
import type { Bus } from '../ports/types.js';
import type { SettingsService } from '../plugin-sdk/types.js';

/** Published by `set` on every node's bus: the company's cached settings are stale. */
export const SETTINGS_CHANGED = 'core.settings.changed';

const CACHE_TTL_MS = 60000;

export type CoreSettingsService = SettingsService & { all(companyId: number): Promise<Record<string, string>> };

/**
 * Company settings, read on every inbound message and many requests: one query loads all of a
 * company's rows into a per-process cache. Every write goes through `set`, which drops the
 * company's entry here at once and on every other node through SETTINGS_CHANGED.
 */
export function createSettingsService(db: Knex, bus: Bus): CoreSettingsService {
  const stored = createKeyedCache<number, ReadonlyMap<string, string>>({
    ttlMs: CACHE_TTL_MS,
    load: async (companyId) => {
      const rows: { key: string; value: string }[] = await db('settings').where({ companyId }).select('key', 'value');
      return new Map(rows.map((r) => [r.key, String(r.value)]));
    },
  });
  bus.subscribe<{ companyId: number }>(SETTINGS_CHANGED, (msg) => stored.invalidate(msg.payload.companyId));

  return {
    async get(companyId, key) {
      return (await stored.get(companyId)).get(key) ?? SettingDefaults[key] ?? '';
    },
    async set(companyId, key, value) {
      await db('settings')
        .insert({ companyId, key, value })
        .onConflict(['companyId', 'key'])
        .merge({ value, updatedAt: db.fn.now() });
      stored.invalidate(companyId);
      await bus.publish(SETTINGS_CHANGED, { companyId }, { companyId });
    },
    async all(companyId) {
      return { ...SettingDefaults, ...Object.fromEntries(await stored.get(companyId)) };
    },
  };
}
