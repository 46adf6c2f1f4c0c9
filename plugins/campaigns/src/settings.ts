import type { Knex } from 'knex';
import { BUSINESS_HOURS_DEFAULT, SETTING_DEFAULTS, type SettingsInput } from './schemas.js';

export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: { key: string; value: string }[];
  /** Dispatch pauses outside the company's service hours. */
  businessHoursOnly: boolean;
}

/** The company's settings with the §9 defaults for keys never saved (values are stored JSON-encoded). */
export async function readSettings(db: Knex | Knex.Transaction, companyId: number): Promise<CampaignSettings> {
  const rows: { key: string; value: string }[] = await db('campaignSettings').where({ companyId }).select('key', 'value');
  const settings: CampaignSettings = { ...SETTING_DEFAULTS, variables: [], businessHoursOnly: BUSINESS_HOURS_DEFAULT };
  for (const { key, value } of rows) {
    try {
      const parsed = JSON.parse(value);
      if (key === 'variables' && Array.isArray(parsed)) settings.variables = parsed;
      else if (key === 'businessHoursOnly') settings.businessHoursOnly = parsed === true;
      else if (key in SETTING_DEFAULTS && Number.isFinite(Number(parsed))) (settings as unknown as Record<string, number>)[key] = Number(parsed);
    } catch {
      // A value not written by us: keep the default.
    }
  }
  return settings;
}

/** GET /campaign-settings: one { key, value } per key, value JSON-encoded (the spec's wire shape). */
export async function listSettings(db: Knex, companyId: number) {
  const s = await readSettings(db, companyId);
  return Object.entries(s).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
}

export async function saveSettings(db: Knex, companyId: number, input: SettingsInput): Promise<void> {
  const entries = Object.entries(input).filter(([, v]) => v !== undefined);
  if (input.variables) {
    // A custom variable whose shortcut already exists (earlier in the list) is ignored.
    const seen = new Set<string>();
    input.variables = input.variables.filter((v) => !seen.has(v.key) && seen.add(v.key));
  }
  await db.transaction(async (trx) => {
    for (const [key] of entries) {
      const value = JSON.stringify((input as Record<string, unknown>)[key]);
      await trx('campaignSettings').insert({ companyId, key, value }).onConflict(['companyId', 'key']).merge({ value });
    }
  });
}
