import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { Knex } from 'knex';
import type { AuthUser } from '../plugin-sdk/types.js';
import type { AuditLog } from '../audit/audit-log.js';
import { actionOf, auditRuleFor, type AuditRule } from '../audit/rules.js';

interface Pending {
  rule: AuditRule;
  id: string | null;
  old: Record<string, unknown> | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditPending?: Pending;
  }
}

function idOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const value = params.id ?? Object.values(params)[0];
  return value === undefined || value === null ? null : String(value);
}

function createdIdOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    // The record itself, or the record the answer wraps ({ webhook: { id }, secret }).
    const body = JSON.parse(payload) as Record<string, unknown>;
    const wrapped = Object.values(body).find((value) => value && typeof value === 'object' && 'id' in value) as { id?: unknown } | undefined;
    const id = body.id ?? wrapped?.id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
  } catch {
    return null;
  }
}

/**
 * The audit log's one hook (issue #33): every route registered after it that an audit rule covers
 * (its `config.audit`, or AUDITED_PATHS by path) gets a last preHandler reading the old value (auth
 * and validation already ran) and an onSend recording the change when the answer is 2xx, before
 * the answer leaves (a client that got its 200 finds the row). No handler is edited.
 */
export function installAuditHook(app: FastifyInstance, options: { apiBase: string; db: Knex; audit: AuditLog }): void {
  const { db, audit, apiBase } = options;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.length !== 1 || !route.url.startsWith(apiBase)) return;
    const method = methods[0]!.toUpperCase();
    const rule = auditRuleFor(method, route.url.slice(apiBase.length) || '/', route.config?.audit);
    if (!rule) return;
    const anyCaller = Boolean(route.config?.audit) || rule.anonymous === true;

    const before: preHandlerHookHandler = async (request) => {
      if (!request.auth && !anyCaller) return;
      const id = idOf(request);
      const old = method === 'POST' || method === 'GET' || !rule.snapshot ? null : await rule.snapshot(db, id, request);
      request.auditPending = { rule, id, old };
    };
    const after: onSendHookHandler = async (request, reply, payload) => {
      const pending = request.auditPending;
      const auth = request.auth as AuthUser | undefined;
      if (!pending || reply.statusCode >= 300) return payload;
      const id = pending.id ?? createdIdOf(payload);
      const now = method === 'DELETE' || method === 'GET' ? null : rule.snapshot ? await rule.snapshot(db, id, request) : (request.body ?? null);
      const row = (now ?? pending.old) as { companyId?: unknown; id?: unknown } | null;
      const ownCompany = rule.entity === 'company' && row?.id !== undefined ? Number(row.id) : undefined;
      const rowCompany = typeof row?.companyId === 'number' ? row.companyId : undefined;
      await audit.record({
        companyId: rule.platform ? null : (ownCompany ?? rowCompany ?? auth?.companyId ?? null),
        userId: auth?.id ?? null,
        action: actionOf(method, rule),
        entity: rule.entity,
        entityId: id,
        ip: request.ip,
        method,
        path: request.url.split('?')[0],
        oldValues: pending.old,
        newValues: method === 'GET' ? (request.query ?? null) : now,
      });
      return payload;
    };
    route.preHandler = [...toArray(route.preHandler), before];
    route.onSend = [...toArray(route.onSend), after];
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
