import { randomBytes } from 'node:crypto';
import {
  emptyFlowGraph,
  FLOW_EXPORT_FORMAT,
  flowProblems,
  type Flow,
  type FlowCreateInput,
  type FlowExport,
  type FlowGraph,
  type FlowNodeCounter,
  type FlowProblem,
  type FlowSummary,
  type FlowUpdateInput,
  type FlowV,
  type FlowVersion,
} from '@guiche/contracts';
import { AppError, generateSigningSecret, type PluginContext, type SecretBox } from '@guiche/core';
import type { Knex } from 'knex';
import type { TriggerCache } from './trigger-cache.js';
import { dropForeignMedia, missingMedia, refuseForeignMedia } from './media-files.js';

import { COUNTERS, FLOWS, VERSIONS } from './tables.js';

export { COUNTERS, FLOWS, VERSIONS };

interface FlowRow {
  id: number;
  companyId: number;
  name: string;
  graph: FlowGraph;
  liveVersionId: number | null;
  webhookToken: string;
  /** Sealed; null on flows made before signing existed (their webhook starts unsigned). */
  webhookSecret: string | null;
  updatedAt: Date;
}

const newToken = () => randomBytes(24).toString('base64url');
const notFound = () => new AppError('ERR_NO_FLOW_FOUND', 404);

/** Flows, versions and counters of one company at a time: every query carries companyId. */
export function createFlowService(db: Knex, triggers: Pick<TriggerCache, 'changed'>, box: SecretBox, storage: Pick<PluginContext['storage'], 'stat'>) {
  async function row(companyId: number, id: number): Promise<FlowRow> {
    const found: FlowRow | undefined = await db(FLOWS).where({ companyId, id }).first();
    if (!found) throw notFound();
    return found;
  }

  async function liveNumber(companyId: number, versionId: number | null): Promise<number | null> {
    if (!versionId) return null;
    const v = await db(VERSIONS).where({ companyId, id: versionId }).first('number');
    return v?.number ?? null;
  }

  async function present(r: FlowRow): Promise<Flow> {
    return {
      id: r.id,
      name: r.name,
      graph: r.graph,
      liveVersionId: r.liveVersionId,
      liveVersion: await liveNumber(r.companyId, r.liveVersionId),
      webhookToken: r.webhookToken,
      webhookSigned: Boolean(r.webhookSecret),
      updatedAt: new Date(r.updatedAt).toISOString(),
    };
  }

  /** goToFlow nodes name flows of this company (an imported flow may name another's). */
  async function foreignTargets(companyId: number, graph: FlowGraph): Promise<FlowProblem[]> {
    const targets = graph.nodes.flatMap((n) => (n.type === 'goToFlow' && n.data.flowId ? [{ nodeId: n.id, flowId: n.data.flowId }] : []));
    if (!targets.length) return [];
    const own = new Set<number>((await db(FLOWS).where({ companyId }).whereIn('id', [...new Set(targets.map((t) => t.flowId))]).pluck('id')) as number[]);
    const code: (typeof FlowV)['required'] = 'validation.flowRequired';
    return targets.filter((t) => !own.has(t.flowId)).map((t) => ({ code, nodeId: t.nodeId, detail: 'flowId' }));
  }

  async function insert(companyId: number, name: string, graph: FlowGraph): Promise<Flow> {
    // A new flow's webhook is signed from the start; the secret is shown when the admin generates one to use.
    const webhookSecret = box.seal(generateSigningSecret());
    const [created] = await db(FLOWS).insert({ companyId, name, graph: JSON.stringify(graph), webhookToken: newToken(), webhookSecret }).returning('*');
    return present(created);
  }

  return {
    async list(companyId: number, q?: string): Promise<FlowSummary[]> {
      const query = db(FLOWS)
        .leftJoin(VERSIONS, `${VERSIONS}.id`, `${FLOWS}.liveVersionId`)
        .where(`${FLOWS}.companyId`, companyId)
        .orderBy(`${FLOWS}.name`)
        .orderBy(`${FLOWS}.id`)
        .select(`${FLOWS}.id`, `${FLOWS}.name`, `${FLOWS}.liveVersionId`, `${FLOWS}.updatedAt`, `${VERSIONS}.number as liveVersion`);
      if (q) query.whereILike(`${FLOWS}.name`, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const rows = await query;
      return rows.map((r) => ({ id: r.id, name: r.name, liveVersionId: r.liveVersionId, liveVersion: r.liveVersion ?? null, updatedAt: new Date(r.updatedAt).toISOString() }));
    },

    find: async (companyId: number, id: number) => present(await row(companyId, id)),

    create: (companyId: number, input: FlowCreateInput) => {
      refuseForeignMedia(companyId, input.graph);
      return insert(companyId, input.name, input.graph ?? emptyFlowGraph());
    },

    async update(companyId: number, id: number, input: FlowUpdateInput): Promise<Flow> {
      refuseForeignMedia(companyId, input.graph);
      const change: Record<string, unknown> = { updatedAt: db.fn.now() };
      if (input.name !== undefined) change.name = input.name;
      if (input.graph !== undefined) change.graph = JSON.stringify(input.graph);
      const [updated] = await db(FLOWS).where({ companyId, id }).update(change).returning('*');
      if (!updated) throw notFound();
      return present(updated);
    },

    async remove(companyId: number, id: number): Promise<void> {
      const deleted = await db(FLOWS).where({ companyId, id }).delete();
      if (!deleted) throw notFound();
      await triggers.changed(companyId);
    },

    /**
     * A new secret for the flow's webhook, answered this once: calls signed with the old one (or
     * unsigned, for a flow made before signing) are refused from now on.
     */
    async rotateWebhookSecret(companyId: number, id: number): Promise<string> {
      const secret = generateSigningSecret();
      const updated = await db(FLOWS).where({ companyId, id }).update({ webhookSecret: box.seal(secret), updatedAt: db.fn.now() });
      if (!updated) throw notFound();
      return secret;
    },

    /** A new draft with the source's graph, under the name the editor chose (its translated "copy of"), else the same name. */
    async duplicate(companyId: number, id: number, name?: string): Promise<Flow> {
      const source = await row(companyId, id);
      return insert(companyId, name ?? source.name, source.graph);
    },

    async exportFlow(companyId: number, id: number): Promise<FlowExport> {
      const source = await row(companyId, id);
      return { format: FLOW_EXPORT_FORMAT, version: 1, name: source.name, graph: source.graph };
    },

    /** A file of this company stays; another company's is dropped (its name kept): publishing asks for it again. */
    importFlow: (companyId: number, input: FlowExport) => insert(companyId, input.name, dropForeignMedia(companyId, input.graph)),

    /** A new immutable version from the draft, live for new conversations; refused while the draft has problems. */
    async publish(companyId: number, id: number, userId: number): Promise<FlowVersion> {
      const published = await db.transaction(async (trx) => {
        const source: FlowRow | undefined = await trx(FLOWS).where({ companyId, id }).forUpdate().first();
        if (!source) throw notFound();
        const problems = [...flowProblems(source.graph), ...(await foreignTargets(companyId, source.graph)), ...(await missingMedia(storage, companyId, source.graph))];
        if (problems.length) throw new AppError('ERR_FLOW_INVALID', 422, { problems });
        const last = await trx(VERSIONS).where({ flowId: id }).max('number as n').first();
        const [version] = await trx(VERSIONS)
          .insert({ companyId, flowId: id, number: (last?.n ?? 0) + 1, graph: JSON.stringify(source.graph), publishedBy: userId })
          .returning('*');
        await trx(FLOWS).where({ id }).update({ liveVersionId: version.id, updatedAt: trx.fn.now() });
        return presentVersion(version);
      });
      // Its triggers now start the new version.
      await triggers.changed(companyId);
      return published;
    },

    async versions(companyId: number, id: number): Promise<Omit<FlowVersion, 'graph'>[]> {
      await row(companyId, id);
      const rows = await db(VERSIONS).where({ companyId, flowId: id }).orderBy('number', 'desc').select('id', 'flowId', 'number', 'publishedAt', 'publishedBy');
      return rows.map((v) => ({ ...v, publishedAt: new Date(v.publishedAt).toISOString() }));
    },

    async version(companyId: number, id: number, versionId: number): Promise<FlowVersion> {
      const v = await db(VERSIONS).where({ companyId, flowId: id, id: versionId }).first();
      if (!v) throw notFound();
      return presentVersion(v);
    },

    /** Per-node counters of a version (the live one when none is named). */
    async counters(companyId: number, id: number, versionId?: number): Promise<FlowNodeCounter[]> {
      const flow = await row(companyId, id);
      const vid = versionId ?? flow.liveVersionId;
      if (!vid) return [];
      return db(COUNTERS).join(VERSIONS, `${VERSIONS}.id`, `${COUNTERS}.versionId`)
        .where({ [`${COUNTERS}.companyId`]: companyId, [`${COUNTERS}.versionId`]: vid, [`${VERSIONS}.flowId`]: id })
        .orderBy(`${COUNTERS}.nodeId`)
        .select(`${COUNTERS}.nodeId`, 'entered', 'completed', 'dropped', 'errors');
    },
  };
}

function presentVersion(v: { id: number; flowId: number; number: number; graph: FlowGraph; publishedAt: Date; publishedBy: number | null }): FlowVersion {
  return { id: v.id, flowId: v.flowId, number: v.number, graph: v.graph, publishedAt: new Date(v.publishedAt).toISOString(), publishedBy: v.publishedBy };
}

export type FlowService = ReturnType<typeof createFlowService>;
