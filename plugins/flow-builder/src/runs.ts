import type { FlowGraph } from '@guiche/contracts';
import type { Knex } from 'knex';
import { VERSIONS } from './flows.js';

export const RUNS = 'flowBuilderRuns';
export const ACTIVE = ['running', 'waiting'] as const;

export interface RunRow {
  id: number;
  companyId: number;
  ticketId: number;
  flowId: number;
  versionId: number;
  nodeId: string;
  variables: Record<string, string>;
  status: 'running' | 'waiting' | 'done' | 'stopped' | 'failed';
  attempts: number;
  /** The HTTP call a run waiting on an HTTP node waits for. */
  httpCallId?: string | null;
}

export type Counter = 'entered' | 'completed' | 'dropped' | 'errors';

/** In the caller's transaction: a new run of the version at its start node (one active run per ticket). */
export async function startRun(trx: Knex.Transaction, input: { companyId: number; ticketId: number; flowId: number; versionId: number }): Promise<void> {
  await trx(RUNS).whereIn('status', ACTIVE).where({ ticketId: input.ticketId }).update({ status: 'stopped', endedAt: trx.fn.now() });
  await trx(RUNS).insert({ ...input, nodeId: 'start', status: 'running', variables: '{}' });
}

export const activeRun = (db: Knex, companyId: number, ticketId: number): Promise<RunRow | undefined> =>
  db(RUNS).where({ companyId, ticketId }).whereIn('status', ACTIVE).forUpdate().first();

export async function versionGraph(db: Knex, companyId: number, versionId: number): Promise<FlowGraph | undefined> {
  const row = await db(VERSIONS).where({ companyId, id: versionId }).first('graph');
  return row?.graph;
}

/** Adds one to a node's counter of the version. */
export async function count(db: Knex, run: Pick<RunRow, 'companyId' | 'versionId'>, nodeId: string, counter: Counter): Promise<void> {
  await db.raw(
    `INSERT INTO flow_builder_node_counters (company_id, version_id, node_id, ${counter}) VALUES (?, ?, ?, 1)
     ON CONFLICT (version_id, node_id) DO UPDATE SET ${counter} = flow_builder_node_counters.${counter} + 1`,
    [run.companyId, run.versionId, nodeId],
  );
}
