import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';

export const CALLS_TABLE = 'external_api_calls';
export const CALLS_PAGE_SIZE = 50;

interface Outcome {
  error?: string;
  ticketId?: number;
  messageIds?: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    apiOutcome?: Outcome;
    apiNumber?: string;
    apiMediaCount?: number;
  }
}

/** onSend: keeps what the answer said (error code, ticket, messages) for the log row. */
export async function rememberOutcome(request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload === 'string') {
    try {
      const body = JSON.parse(payload) as Outcome;
      request.apiOutcome = { error: body.error, ticketId: body.ticketId, messageIds: body.messageIds };
    } catch {
      request.apiOutcome = {};
    }
  }
  return payload;
}

/** onResponse: one row per call of a known connection (a call with an unknown token has no connection to file it under). */
export function logCall(db: Knex) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const connection = request.apiConnection;
    if (!connection) return;
    const outcome = request.apiOutcome ?? {};
    const key = request.headers['idempotency-key'];
    await db(CALLS_TABLE)
      .insert({
        companyId: connection.companyId,
        whatsappId: connection.id,
        statusCode: reply.statusCode,
        error: outcome.error?.slice(0, 60) ?? null,
        number: request.apiNumber?.slice(0, 30) ?? null,
        ticketId: outcome.ticketId ?? null,
        messageIds: outcome.messageIds ? JSON.stringify(outcome.messageIds) : null,
        mediaCount: request.apiMediaCount ?? 0,
        idempotencyKey: typeof key === 'string' ? key.slice(0, 200) : null,
        ip: request.ip.slice(0, 60),
      })
      .catch((err: unknown) => request.log.warn({ err }, 'external api call not logged'));
  };
}

export async function listCalls(db: Knex, companyId: number, whatsappId?: number) {
  const query = db(`${CALLS_TABLE} as c`)
    .join('whatsapps as w', 'w.id', 'c.whatsappId')
    .where('c.companyId', companyId)
    .orderBy('c.id', 'desc')
    .limit(CALLS_PAGE_SIZE)
    .select('c.id', 'c.whatsappId', 'w.name as whatsappName', 'c.statusCode', 'c.error', 'c.number', 'c.ticketId', 'c.messageIds', 'c.mediaCount', 'c.idempotencyKey', 'c.createdAt');
  if (whatsappId) query.where('c.whatsappId', whatsappId);
  const rows = await query;
  return rows.map((r: Record<string, unknown>) => ({ ...r, id: Number(r.id) }));
}
