import type { DeclaredPlanFlag, Plan, PlanInput } from '@guiche/contracts';
import { api } from '@guiche/web-sdk';

export const planKeys = { all: () => ['plans', 'all'] as const, flags: () => ['plans', 'flags'] as const };

/** GET /plans/flags (super users): core's flags and the loaded plugins' own, with their labels. */
export async function fetchPlanFlags(): Promise<DeclaredPlanFlag[]> {
  const { data } = await api.get<DeclaredPlanFlag[]>('/plans/flags');
  return data;
}

/** GET /plans/all (super users). */
export async function fetchPlans(): Promise<Plan[]> {
  const { data } = await api.get<Plan[]>('/plans/all');
  return data;
}

export async function savePlan(id: number | null, payload: PlanInput): Promise<Plan> {
  const { data } = id === null ? await api.post<Plan>('/plans', payload) : await api.put<Plan>(`/plans/${id}`, payload);
  return data;
}

export async function deletePlan(id: number): Promise<void> {
  await api.delete(`/plans/${id}`);
}
