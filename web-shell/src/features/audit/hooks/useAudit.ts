import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '@guiche/web-sdk';
import { fetchAudit, fetchAuditFacets } from '../api/audit-api.js';
import type { AuditFilters } from '../lib/audit-filters.js';

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => ['audit', 'list', filters] as const,
  facets: () => ['audit', 'facets'] as const,
};

export function useAudit(filters: AuditFilters) {
  return usePagedList(auditKeys.list(filters), (pageNumber) => fetchAudit(filters, pageNumber));
}

export function useAuditFacets() {
  return useQuery({ queryKey: auditKeys.facets(), queryFn: fetchAuditFacets });
}
