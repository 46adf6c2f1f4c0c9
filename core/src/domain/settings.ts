import type { Knex } from 'knex';
import { SettingDefaults } from '@guiche/contracts';
import type { SettingsService } from '../plugin-sdk/types.js';

export function createSettingsService(db: Knex): SettingsService & { all(companyId: number): Promise<Record<string, string>> } {
  return {
    async get(companyId, key) {
      const row = await db('settings').where({ companyId, key }).first('value');
      return row ? String(row.value) : (SettingDefaults[key] ?? '');
    },
    async set(companyId, key, value) {
      await db('settings')
        .insert({ companyId, key, value })
        .onConflict(['companyId', 'key'])
        .merge({ value, updatedAt: db.fn.now() });
    },
    async all(companyId) {
      const rows: { key: string; value: string }[] = await db('settings').where({ companyId }).select('key', 'value');
      const result = { ...SettingDefaults };
      for (const r of rows) result[r.key] = r.value;
      return result;
    },
  };
}
