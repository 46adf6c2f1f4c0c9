import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCompanyTags, useDebouncedValue } from '@guiche/web-sdk';
import { fetchConnections, fetchQueues, fetchReport, fetchUsers, searchContacts } from '../api/reports-api.js';

const FIVE_MINUTES = 5 * 60 * 1000;
/** The contact search offers from 3 characters (outreach-config.md §5). */
export const CONTACT_SEARCH_MIN = 3;

export function useReport(params: Record<string, string | number>) {
  return useQuery({ queryKey: ['reports', params], queryFn: () => fetchReport(params), placeholderData: keepPreviousData });
}

export function useReportOptions() {
  return {
    connections: useQuery({ queryKey: ['reports', 'options', 'connections'], queryFn: fetchConnections, staleTime: FIVE_MINUTES }),
    users: useQuery({ queryKey: ['reports', 'options', 'users'], queryFn: fetchUsers, staleTime: FIVE_MINUTES }),
    tags: useCompanyTags(),
    queues: useQuery({ queryKey: ['reports', 'options', 'queues'], queryFn: fetchQueues, staleTime: FIVE_MINUTES }),
  };
}

export function useContactOptions(text: string) {
  const term = useDebouncedValue(text.trim());
  return useQuery({ queryKey: ['reports', 'contacts', term], queryFn: () => searchContacts(term), enabled: term.length >= CONTACT_SEARCH_MIN });
}
