import type { Knex } from 'knex';
import { PlanFlags, type Plan, type PlanFlag } from '@guiche/contracts';
import type { Bus } from '../ports/types.js';
import type { PlansService } from '../plugin-sdk/types.js';

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
  return plan;
}

export function noFlags(): Record<PlanFlag, boolean> {
  return Object.fromEntries(PlanFlags.map((f) => [f, false])) as Record<PlanFlag, boolean>;
}

/** Plan flags per company, cached; any node's plan or company change clears every node's cache. */
export function createPlansService(db: Knex, bus: Bus): PlansService & { invalidate(companyId?: number | null): void; close(): void } {
  const cache = new Map<number, { flags: Record<PlanFlag, boolean>; expires: number }>();
  const unsubscribe = bus.subscribe<{ companyId?: number | null }>(PLANS_CHANGED, (msg) => {
    const companyId = msg.payload.companyId;
    if (companyId) cache.delete(companyId);
    else cache.clear();
  });

  async function flags(companyId: number, reader: Knex = db): Promise<Record<PlanFlag, boolean>> {
    const hit = cache.get(companyId);
    if (hit && hit.expires > Date.now()) return hit.flags;
    const row = await reader('companies').join('plans', 'plans.id', 'companies.planId').where('companies.id', companyId).first('plans.*');
    const result = row ? (Object.fromEntries(PlanFlags.map((f) => [f, Boolean(row[f])])) as Record<PlanFlag, boolean>) : noFlags();
    cache.set(companyId, { flags: result, expires: Date.now() + CACHE_TTL_MS });
    return result;
  }

  return {
    flags,
    has: async (companyId, flag, reader) => (await flags(companyId, reader))[flag],
    invalidate: (companyId) => (companyId ? cache.delete(companyId) : cache.clear()),
    close: unsubscribe,
  };
}
