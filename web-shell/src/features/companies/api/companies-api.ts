import type { CompanyDeletionRow, CompanyRow, Plan } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

export const companyKeys = {
  all: ['companies'] as const,
  lists: () => ['companies', 'list'] as const,
  list: (search: string) => ['companies', 'list', { search: search.trim() }] as const,
  plans: () => ['companies', 'plans'] as const,
  deletions: () => ['companies', 'deletions'] as const,
};

/** GET /companies/deletions: the deletions still running in the background (or given up on). */
export async function fetchDeletions(): Promise<CompanyDeletionRow[]> {
  const { data } = await api.get<CompanyDeletionRow[]>('/companies/deletions');
  return data;
}

/** GET /companiesPlan/ (searchParam, pageNumber): 20 a page, with the plan's name and value. */
export async function fetchCompanies(search: string, pageNumber: number): Promise<Page<CompanyRow>> {
  const { data } = await api.get<{ companies: CompanyRow[]; hasMore: boolean }>('/companiesPlan/', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.companies, hasMore: data.hasMore };
}

export async function createCompany(payload: Record<string, unknown>): Promise<CompanyRow> {
  const { data } = await api.post<CompanyRow>('/companies', payload);
  return data;
}

export async function updateCompany(id: number, payload: Record<string, unknown>): Promise<void> {
  await api.put(`/companies/${id}`, payload);
}

export async function deleteCompany(id: number): Promise<void> {
  await api.delete(`/companies/${id}`);
}

/** GET /plans/list: every plan, for the dialog's select. */
export async function fetchPlans(): Promise<Plan[]> {
  const { data } = await api.get<Plan[]>('/plans/list');
  return data;
}
