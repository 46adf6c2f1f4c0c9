import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@guiche/web-sdk';
import { companyKeys, createCompany, deleteCompany, fetchCompanies, fetchPlans, updateCompany } from '../api/companies-api.js';

export function useCompanies(search: string) {
  return usePagedList(companyKeys.list(search), (pageNumber) => fetchCompanies(search, pageNumber));
}

export function usePlanOptions(enabled: boolean) {
  return useQuery({ queryKey: companyKeys.plans(), queryFn: fetchPlans, enabled, staleTime: 30_000 });
}

export function useCompanyMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
  return {
    save: useMutation({
      mutationFn: ({ id, payload }: { id: number | null; payload: Record<string, unknown> }) => (id === null ? createCompany(payload).then(() => undefined) : updateCompany(id, payload)),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteCompany(id),
      onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: companyKeys.deletions() })]),
    }),
  };
}
