import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CompanyDeletionEvent, type CompanyDeletionPayload, type CompanyDeletionRow } from '@guiche/contracts';
import { toastSuccess, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import { companyKeys, fetchDeletions } from '../api/companies-api.js';
import { NS } from '../i18n/register.js';

/** What a running deletion is doing: its media folder first, then every row of the company. */
export type DeletionPhase = 'media' | 'rows' | 'failed';
export interface RunningDeletion {
  id: number;
  name: string;
  phase: DeletionPhase;
}

/**
 * The deletions running in the background (account-admin.md §7 DELETE /companies/{id}): the list
 * comes from GET /companies/deletions, so a reload still shows them; the companies-deletion events
 * move each one on, and its end is told with a toast. `started` remembers the name of a company
 * this page deletes, for a deletion that ends before the list is fetched again.
 */
export function useCompanyDeletions() {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const running = useQuery({ queryKey: companyKeys.deletions(), queryFn: fetchDeletions });
  const [rowsStarted, setRowsStarted] = useState<ReadonlySet<number>>(new Set());
  const names = useRef(new Map<number, string>());

  useSocketEvent<CompanyDeletionPayload>(CompanyDeletionEvent, ({ companyId, step }) => {
    if (step === 'done') {
      const listed = queryClient.getQueryData<CompanyDeletionRow[]>(companyKeys.deletions())?.find((d) => d.id === companyId);
      toastSuccess(t('deletion.done', { name: names.current.get(companyId) ?? listed?.name ?? `#${companyId}` }));
      names.current.delete(companyId);
    } else if (step === 'media') {
      setRowsStarted((ids) => new Set(ids).add(companyId));
    }
    void queryClient.invalidateQueries({ queryKey: companyKeys.deletions() });
    void queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
  });

  const started = useCallback((company: { id: number; name: string }) => {
    names.current.set(company.id, company.name);
  }, []);

  const items: RunningDeletion[] = (running.data ?? []).map((d) => ({
    id: d.id,
    name: d.name,
    phase: d.failed ? 'failed' : rowsStarted.has(d.id) || d.step === 'rows' ? 'rows' : 'media',
  }));
  return { items, started };
}
