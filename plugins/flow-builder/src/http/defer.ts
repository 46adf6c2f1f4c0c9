import { randomUUID } from 'node:crypto';
import type { TimedWork } from '@guiche/core';
import type { Knex } from 'knex';
import type { NodeOf } from '../machine.js';
import { RUNS, type RunRow } from '../runs.js';
import { prepareHttpCall, type PreparedCall } from './request.js';

/** The timed work of an HTTP node's call (durable-call.ts claims it and records the result). */
export const HTTP_KIND = 'flow-builder.http';
export interface HttpCallPayload {
  runId: number;
  companyId: number;
  ticketId: number;
  nodeId: string;
  callId: string;
  call: PreparedCall;
  claims?: number;
}

export const callKey = (callId: string) => `call-${callId}`;

/** In the walk's transaction: the run will wait on the node for this call's result. */
export async function deferHttpCall(deps: { timedWork: Pick<TimedWork, 'schedule'> }, trx: Knex.Transaction, run: Pick<RunRow, 'id' | 'companyId'>, ticketId: number, node: NodeOf<'http'>, variables: Record<string, string>): Promise<'deferred'> {
  const callId = randomUUID();
  const call = prepareHttpCall(node, variables);
  // The admin's own key (e.g. an order number) wins; otherwise every try of this call shares one.
  call.headers['idempotency-key'] ??= callId;
  await trx(RUNS).where({ id: run.id }).update({ httpCallId: callId });
  const payload: HttpCallPayload = { runId: run.id, companyId: run.companyId, ticketId, nodeId: node.id, callId, call };
  await deps.timedWork.schedule<HttpCallPayload>({ kind: HTTP_KIND, key: callKey(callId), companyId: run.companyId, dueAt: new Date(), payload }, trx);
  return 'deferred';
}
