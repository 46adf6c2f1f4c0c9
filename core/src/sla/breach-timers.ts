import type { Knex } from 'knex';
import type { PlanFlag } from '@guiche/contracts';
import type { SlaBreach } from '../plugin-sdk/sla.js';
import type { TimedWork } from '../plugin-sdk/timed-work.js';

interface BreachTimer {
  kind: string;
  /** The plan flag of the plugin that asked; null = every company. */
  flag: PlanFlag | null;
}

/** The timed-work kinds plugins asked to have set on each SLA breach (SlaService.timerOnBreach). */
export interface SlaBreachTimers {
  add(kind: string, flag: PlanFlag | null): void;
  /** Sets each registered timer for one recorded breach, inside the breach's own transaction. */
  set(trx: Knex.Transaction, timedWork: TimedWork, breach: SlaBreach): Promise<void>;
}

export function createSlaBreachTimers(): SlaBreachTimers {
  const timers: BreachTimer[] = [];
  return {
    add(kind, flag) {
      if (!timers.some((t) => t.kind === kind)) timers.push({ kind, flag });
    },
    async set(trx, timedWork, breach) {
      for (const { kind, flag } of timers) {
        if (flag) {
          const plan = await trx('companies').join('plans', 'plans.id', 'companies.planId').where('companies.id', breach.companyId).first(`plans.${flag} as enabled`);
          if (!plan?.enabled) continue;
        }
        await timedWork.schedule<SlaBreach>({ kind, key: `${breach.ticketId}:${breach.kind}`, companyId: breach.companyId, dueAt: new Date(breach.breachedAt), payload: breach }, trx);
      }
    },
  };
}
