import type { Knex } from 'knex';
import type { AnyPlanFlag, PlanFlag } from '@guiche/contracts';

export interface SettingsService {
  /** Company setting by key (falls back to the default of @guiche/contracts SettingDefaults). */
  get(companyId: number, key: string): Promise<string>;
  set(companyId: number, key: string, value: string): Promise<void>;
}

/** Core's flags (always present) and the plugins' own flags the plan switched on or off. */
export type PlanFlagValues = Record<PlanFlag, boolean> & Record<string, boolean>;

export interface PlansService {
  /**
   * The flags of the company's plan, cached per company, invalidated through the bus. A miss is
   * read through `reader` when given: inside a transaction pass it (on the embedded default a
   * query outside it would wait for it to end).
   */
  flags(companyId: number, reader?: Knex): Promise<PlanFlagValues>;
  /** Core's flags and the ones plugins declare (an unknown flag is off). */
  has(companyId: number, flag: AnyPlanFlag, reader?: Knex): Promise<boolean>;
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
