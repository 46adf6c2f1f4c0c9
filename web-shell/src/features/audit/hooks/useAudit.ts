import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Events } from '@guiche/contracts';
import { usePagedList, useSession, useSocketEvent } from '@guiche/web-sdk';
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

/** company-{id}-audit: a row appended anywhere reloads the list and the filter choices. */
export function useAuditEvents(): void {
  const queryClient = useQueryClient();
  const companyId = useSession().user?.companyId;
  useSocketEvent(companyId ? Events.audit(companyId) : null, () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }));
}
