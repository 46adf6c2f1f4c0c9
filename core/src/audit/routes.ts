import { format } from '@fast-csv/format';
import { auditQuerySchema, type AuditRecord } from '@guiche/contracts';
import type { Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { AUDIT_EXPORT_MAX, auditFacets, auditPage, auditRows } from './query.js';

const TAGS = ['audit'];
const CSV_COLUMNS = ['id', 'createdAt', 'companyId', 'userId', 'userName', 'userEmail', 'ip', 'action', 'entity', 'entityId', 'method', 'path', 'oldValues', 'newValues'] as const;

function csvLine(row: AuditRecord): string[] {
  return CSV_COLUMNS.map((column) => {
    const value = row[column];
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString();
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** GET /audit (a page), /audit/facets (filter choices), /audit/export (CSV): admins of their company, super users all. */
export function registerAuditRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', requireAdmin);

    scope.get('/audit', { schema: { querystring: auditQuerySchema, tags: TAGS } }, async (request) => auditPage(core.db, request.auth, request.query));

    scope.get('/audit/facets', { schema: { tags: TAGS } }, async (request) => auditFacets(core.db, request.auth));

    scope.get('/audit/export', { schema: { querystring: auditQuerySchema, tags: TAGS } }, async (request, reply) => {
      const rows: AuditRecord[] = await auditRows(core.db, request.auth, request.query)
        .orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(AUDIT_EXPORT_MAX)
        .select();
      const csv = format({ headers: [...CSV_COLUMNS], writeBOM: true });
      for (const row of rows) csv.write(csvLine(row));
      csv.end();
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .header('access-control-expose-headers', 'content-disposition');
      return reply.send(csv);
    });
  });
}
