import { FlowV, type FlowTrigger } from '@guiche/contracts';
import { AppError, type PluginContext } from '@guiche/core';
import type { Knex } from 'knex';
import { FLOWS, TRIGGERS } from './tables.js';
import type { TriggerCache } from './trigger-cache.js';


/** A flow's triggers: read and replaced as a whole by the editor. */
export function createTriggerService(ctx: Pick<PluginContext, 'db' | 'connections'>, cache: Pick<TriggerCache, 'changed'>) {
  const db = ctx.db;
  async function ownFlow(companyId: number, flowId: number): Promise<void> {
    if (!(await db(FLOWS).where({ companyId, id: flowId }).first('id'))) throw new AppError('ERR_NO_FLOW_FOUND', 404);
  }
  return {
    async list(companyId: number, flowId: number): Promise<FlowTrigger[]> {
      await ownFlow(companyId, flowId);
      const rows = await db(TRIGGERS).where({ companyId, flowId }).orderBy('id');
      return rows.map((r) => (r.kind === 'keyword' ? { kind: 'keyword', connectionId: r.connectionId, phrase: r.phrase, match: r.match } : { kind: r.kind, connectionId: r.connectionId }));
    },
    async replace(companyId: number, flowId: number, triggers: FlowTrigger[]): Promise<FlowTrigger[]> {
      await ownFlow(companyId, flowId);
      const ids = [...new Set(triggers.flatMap((t) => (t.connectionId ? [t.connectionId] : [])))];
      const found = new Set((await ctx.connections.findMany(companyId, ids)).map((c) => c.id));
      const issues = triggers.flatMap((t, i) => (t.connectionId && !found.has(t.connectionId) ? [{ path: ['triggers', i, 'connectionId'], message: FlowV.connection }] : []));
      if (issues.length) throw new AppError('ERR_VALIDATION', 400, { issues });
      await db.transaction(async (trx) => {
        await trx(TRIGGERS).where({ companyId, flowId }).delete();
        if (triggers.length) {
          await trx(TRIGGERS).insert(triggers.map((t) => ({ companyId, flowId, kind: t.kind, connectionId: t.connectionId, phrase: t.kind === 'keyword' ? t.phrase : null, match: t.kind === 'keyword' ? t.match : null })));
        }
      });
      await cache.changed(companyId);
      return triggers;
    },
  };
}

const normalize = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase();

/**
 * The flow a customer's message starts, if any: a keyword phrase first (any message of an
 * unattended ticket), then, for a new conversation, the connection's welcome flow (first contact)
 * or default flow. Only flows with a live version count; a trigger of the connection wins over
 * one of every connection. The company's triggers come from the per-node cache (no query on a
 * plain message); a miss is read through the message's transaction.
 */
export async function triggeredFlow(
  cache: TriggerCache,
  trx: Knex.Transaction,
  input: { companyId: number; connectionId: number; body: string; newConversation: boolean; firstContact: boolean },
): Promise<{ flowId: number; versionId: number } | null> {
  const rows = (await cache.of(input.companyId, trx)).filter((r) => r.connectionId === null || r.connectionId === input.connectionId);
  if (!rows.length) return null;
  const body = normalize(input.body);
  const keyword = rows.find((r) => r.kind === 'keyword' && r.phrase && (r.match === 'contains' ? body.includes(normalize(r.phrase)) : body === normalize(r.phrase)));
  const pick =
    keyword ??
    (input.newConversation && input.firstContact ? rows.find((r) => r.kind === 'welcome') : undefined) ??
    (input.newConversation ? rows.find((r) => r.kind === 'default') : undefined);
  return pick ? { flowId: pick.flowId, versionId: pick.liveVersionId } : null;
}

export type TriggerService = ReturnType<typeof createTriggerService>;
