import type { Knex } from 'knex';
import { PlanFlags, isCorePlanFlag, type DeclaredPlanFlag, type Plan, type PlanFlag, type PlanFlagLabels } from '@guiche/contracts';
import type { Bus } from '../ports/types.js';
import type { PlansService } from '../plugin-sdk/types.js';
import type { PlanFlagValues } from '../plugin-sdk/platform.js';

export const PLANS_CHANGED = 'core.plans.changed';

const CACHE_TTL_MS = 60000;

export function toPlan(row: Record<string, unknown>): Plan {
  const plan = {
    id: Number(row.id),
    name: String(row.name),
    users: Number(row.users),
    connections: Number(row.connections),
    queues: Number(row.queues),
    amount: Number(row.amount),
    isPublic: Boolean(row.isPublic),
  } as Plan;
  for (const flag of PlanFlags) plan[flag] = Boolean(row[flag]);
  plan.pluginFlags = pluginFlagsOf(row);
  return plan;
}

/** The plan row's map of plugins' own flags (jsonb: parsed by pg, text on some drivers). */
export function pluginFlagsOf(row: Record<string, unknown>): Record<string, boolean> {
  let raw = row.pluginFlags;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = {};
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw as Record<string, unknown>).map(([flag, on]) => [flag, on === true]));
}

/** Whether a plan row enables a flag: a core column or a plugin's own flag in pluginFlags. */
export function planRowHas(row: Record<string, unknown> | undefined, flag: string): boolean {
  if (!row) return false;
  return isCorePlanFlag(flag) ? Boolean(row[flag]) : pluginFlagsOf(row)[flag] === true;
}

function flagsOfRow(row: Record<string, unknown>): PlanFlagValues {
  return { ...pluginFlagsOf(row), ...(Object.fromEntries(PlanFlags.map((f) => [f, Boolean(row[f])])) as Record<PlanFlag, boolean>) };
}

export function noFlags(): Record<PlanFlag, boolean> {
  return Object.fromEntries(PlanFlags.map((f) => [f, false])) as Record<PlanFlag, boolean>;
}

/** Plan flags per company, cached; any node's plan or company change clears every node's cache. */
export interface CorePlans extends PlansService {
  invalidate(companyId?: number | null): void;
  close(): void;
  /** A loaded plugin's flag (core's own are always declared); the plan dialog lists them. */
  declare(flag: string, labels?: PlanFlagLabels): void;
  declared(): DeclaredPlanFlag[];
}

export function createPlansService(db: Knex, bus: Bus): CorePlans {
  const cache = new Map<number, { flags: PlanFlagValues; expires: number }>();
  const declared = new Map<string, DeclaredPlanFlag>(PlanFlags.map((flag) => [flag, { flag, core: true, labels: null }]));
  const unsubscribe = bus.subscribe<{ companyId?: number | null }>(PLANS_CHANGED, (msg) => {
    const companyId = msg.payload.companyId;
    if (companyId) cache.delete(companyId);
    else cache.clear();
  });

  async function flags(companyId: number, reader: Knex = db): Promise<PlanFlagValues> {
    const hit = cache.get(companyId);
    if (hit && hit.expires > Date.now()) return hit.flags;
    const row = await reader('companies').join('plans', 'plans.id', 'companies.planId').where('companies.id', companyId).first('plans.*');
    const result = row ? flagsOfRow(row) : noFlags();
    cache.set(companyId, { flags: result, expires: Date.now() + CACHE_TTL_MS });
    return result;
  }

  return {
    flags,
    has: async (companyId, flag, reader) => (await flags(companyId, reader))[flag] === true,
    declare(flag, labels) {
      if (isCorePlanFlag(flag) || declared.has(flag)) return;
      declared.set(flag, { flag, core: false, labels: labels ?? null });
    },
    declared: () => [...declared.values()],
    invalidate: (companyId) => (companyId ? cache.delete(companyId) : cache.clear()),
    close: unsubscribe,
  };
}
