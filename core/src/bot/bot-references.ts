import type { Knex } from 'knex';
import { AppError } from '../plugin-sdk/types.js';

/** A table of a plugin that is not installed answers "undefined table": then no id can be its. */
const UNDEFINED_TABLE = '42P01';

export interface BotReferences {
  integrationId?: number | null;
  promptId?: number | null;
}

/**
 * The integration and prompt a ticket, queue or connection is pointed at must be its company's:
 * an id of another company, or one that does not exist, is refused alike (nothing tells the
 * caller which). Read outside any transaction: a missing plugin table would abort it.
 */
export async function mustOwnBotReferences(db: Knex, companyId: number, references: BotReferences): Promise<void> {
  const checks = [
    { field: 'integrationId', table: 'queueIntegrations', id: references.integrationId },
    { field: 'promptId', table: 'prompts', id: references.promptId },
  ];
  for (const { field, table, id } of checks) {
    if (id === undefined || id === null) continue;
    const found = await db(table)
      .where({ id, companyId })
      .first('id')
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === UNDEFINED_TABLE) return undefined;
        throw error;
      });
    if (!found) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: [field], message: 'validation.reference' }] });
  }
}
