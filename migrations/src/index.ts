import type { Knex } from 'knex';
import * as plansCompanies from './20261121000000_plans_companies.js';
import * as usersQueues from './20261121000100_users_queues.js';
import * as settingsTokens from './20261121000200_settings_tokens.js';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** The core schema, in the order it is applied. Add new migrations at the end. */
export const coreMigrations: Record<string, Migration> = {
  '20261121000000_plans_companies': plansCompanies,
  '20261121000100_users_queues': usersQueues,
  '20261121000200_settings_tokens': settingsTokens,
};
