import type { Knex } from 'knex';
import type { AnyPlanFlag } from '@guiche/contracts';
import type { SlaBreach } from '../plugin-sdk/sla.js';
import type { TimedWork } from '../plugin-sdk/timed-work.js';
import type { PlansService } from '../plugin-sdk/platform.js';

interface BreachTimer {
  kind: string;
  /** The plan flag of the plugin that asked; null = every company. */
  flag: AnyPlanFlag | null;
}

/** What setting a breach's timers needs from core. */
export interface BreachTimerDeps {
  timedWork: Pick<TimedWork, 'schedule'>;
  plans: Pick<PlansService, 'flags'>;
}

/** The timed-work kinds plugins asked to have set on each SLA breach (SlaService.timerOnBreach). */
export interface SlaBreachTimers {
  add(kind: string, flag: AnyPlanFlag | null): void;
  /** Sets each registered timer for one recorded breach, inside the breach's own transaction. */
  set(trx: Knex.Transaction, deps: BreachTimerDeps, breach: SlaBreach): Promise<void>;
}

export function createSlaBreachTimers(): SlaBreachTimers {
  const timers: BreachTimer[] = [];
  return {
    add(kind, flag) {
      if (!timers.some((t) => t.kind === kind)) timers.push({ kind, flag });
    },
    async set(trx, { timedWork, plans }, breach) {
      if (!timers.length) return;
      // Core's per-company plan cache (invalidated on every node by a plan change); a miss reads through the breach's transaction.
      const flags = timers.some((t) => t.flag) ? await plans.flags(breach.companyId, trx) : null;
      for (const { kind, flag } of timers) {
        if (flag && !flags?.[flag]) continue;
        await timedWork.schedule<SlaBreach>({ kind, key: `${breach.ticketId}:${breach.kind}`, companyId: breach.companyId, dueAt: new Date(breach.breachedAt), payload: breach }, trx);
      }
    },
  };
}
