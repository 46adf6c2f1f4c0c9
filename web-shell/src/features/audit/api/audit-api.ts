import type { AuditFacets, AuditRecord } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';
import { auditParams, type AuditFilters } from '../lib/audit-filters.js';

export const AUDIT_EXPORT_FILE = 'auditoria.csv';

/** GET /audit: 50 rows a page, newest first. */
export async function fetchAudit(filters: AuditFilters, pageNumber: number): Promise<Page<AuditRecord>> {
  const { data } = await api.get<{ records: AuditRecord[]; hasMore: boolean }>('/audit', { params: { ...auditParams(filters), pageNumber } });
  return { items: data.records, hasMore: data.hasMore };
}

/** GET /audit/facets: the users, entities and actions the caller's rows name. */
export async function fetchAuditFacets(): Promise<AuditFacets> {
  const { data } = await api.get<AuditFacets>('/audit/facets');
  return data;
}

/** GET /audit/export: the filtered rows as CSV. */
export async function exportAudit(filters: AuditFilters): Promise<Blob> {
  const { data } = await api.get<Blob>('/audit/export', { params: auditParams(filters), responseType: 'blob' });
  return data;
}
