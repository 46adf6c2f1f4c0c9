import type { Knex } from 'knex';
import type { PlanFlag } from '@guiche/contracts';

export interface SettingsService {
  /** Company setting by key (falls back to the default of @guiche/contracts SettingDefaults). */
  get(companyId: number, key: string): Promise<string>;
  set(companyId: number, key: string, value: string): Promise<void>;
}

export interface PlansService {
  /**
   * The flags of the company's plan, cached per company, invalidated through the bus. A miss is
   * read through `reader` when given: inside a transaction pass it (on the embedded default a
   * query outside it would wait for it to end).
   */
  flags(companyId: number, reader?: Knex): Promise<Record<PlanFlag, boolean>>;
  has(companyId: number, flag: PlanFlag, reader?: Knex): Promise<boolean>;
}

export interface UserSummary {
  id: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  companyId: number;
  online: boolean;
  /** The user's interface language (pt, en, es, tr), or null when never chosen. */
  language: string | null;
}
export interface UsersService {
  /** Users of one company among ids; ids of other companies are silently absent. */
  findMany(companyId: number, ids: number[]): Promise<UserSummary[]>;
  findById(companyId: number, id: number): Promise<UserSummary | null>;
}
