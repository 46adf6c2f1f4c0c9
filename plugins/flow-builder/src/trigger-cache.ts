import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { PluginContext } from '@guiche/core';
import { CAMPAIGN_REPLIES, FLOWS, TRIGGERS } from './tables.js';

/** A campaign's reply flow waits this long for the contact's reply. */
export const CAMPAIGN_REPLY_DAYS = 7;

/** Bus topic: a company's triggers (or the live versions they start) changed: every node drops its copy. */
export const TRIGGERS_CHANGED = 'flowBuilder.triggers.changed';
/** A copy outlives a missed invalidation (a bus message lost in a Redis restart) by this much at most. */
const TTL_MS = 60_000;

/** A trigger of a flow with a live version, as the starter matches it. */
export interface LiveTrigger {
  kind: 'welcome' | 'default' | 'keyword';
  connectionId: number | null;
  phrase: string | null;
  match: 'exact' | 'contains' | null;
  flowId: number;
  liveVersionId: number;
}

export interface TriggerCache {
  /** The company's triggers of published flows, those of a connection before those of every connection; a miss is read through `reader`. */
  of(companyId: number, reader: Knex): Promise<LiveTrigger[]>;
  /** Some contact's reply may start a campaign's flow (so the starter looks for one; read with the triggers). */
  campaignReplies(companyId: number, reader: Knex): Promise<boolean>;
  /** After a committed write: this node forgets at once, the others when the bus tells them. */
  changed(companyId: number): Promise<void>;
}

/**
 * Every message of an unattended ticket asks the starter which flow it starts; almost always the
 * answer is "none". The company's live triggers are kept per node instead of read per message.
 * A read that an invalidation overtook is not kept (the epoch moved), so a copy read before a
 * write cannot outlive that write's invalidation.
 */
export function createTriggerCache(ctx: Pick<PluginContext, 'bus' | 'log'>): TriggerCache {
  const cache = new LRUCache<number, { triggers: LiveTrigger[]; campaignReplies: boolean }>({ max: 10_000, ttl: TTL_MS });
  const epochs = new Map<number, number>();
  const forget = (companyId: number) => {
    cache.delete(companyId);
    epochs.set(companyId, (epochs.get(companyId) ?? 0) + 1);
  };
  ctx.bus.subscribe<{ companyId: number }>(TRIGGERS_CHANGED, (message) => forget(message.payload.companyId));

  async function read(companyId: number, reader: Knex) {
    const hit = cache.get(companyId);
    if (hit) return hit;
    const epoch = epochs.get(companyId) ?? 0;
    const triggers: LiveTrigger[] = await reader(TRIGGERS)
      .join(FLOWS, `${FLOWS}.id`, `${TRIGGERS}.flowId`)
      .where(`${TRIGGERS}.companyId`, companyId)
      .whereNotNull(`${FLOWS}.liveVersionId`)
      .orderByRaw('flow_builder_triggers.connection_id is null, flow_builder_triggers.id')
      .select(`${TRIGGERS}.kind`, `${TRIGGERS}.connectionId`, `${TRIGGERS}.phrase`, `${TRIGGERS}.match`, `${TRIGGERS}.flowId`, `${FLOWS}.liveVersionId`);
    const waiting = await reader(CAMPAIGN_REPLIES)
      .where({ companyId })
      .whereNull('startedAt')
      .whereRaw(`created_at > now() - interval '${CAMPAIGN_REPLY_DAYS} days'`)
      .first('id');
    const value = { triggers, campaignReplies: !!waiting };
    if ((epochs.get(companyId) ?? 0) === epoch) cache.set(companyId, value);
    return value;
  }

  return {
    of: async (companyId, reader) => (await read(companyId, reader)).triggers,
    campaignReplies: async (companyId, reader) => (await read(companyId, reader)).campaignReplies,
    async changed(companyId) {
      forget(companyId);
      // No tenant in the meta: the bus's plan gate must not drop an invalidation.
      await ctx.bus.publish(TRIGGERS_CHANGED, { companyId }, { companyId: null }).catch((err: unknown) => ctx.log.warn({ err, companyId }, 'flow triggers change not published'));
    },
  };
}
