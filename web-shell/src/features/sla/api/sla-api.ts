import { api } from '@guiche/web-sdk';
import type { SlaDashboard, SlaTarget } from '@guiche/contracts';

export interface SlaTargetFormInput {
  queueId: number;
  whatsappId: number | null;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

export const slaKeys = {
  targets: ['sla-targets'] as const,
  dashboard: (range: string) => ['dashboard', 'sla', range] as const,
};

/** GET /sla-targets (admins). */
export async function fetchSlaTargets(): Promise<SlaTarget[]> {
  return (await api.get<SlaTarget[]>('/sla-targets')).data;
}

export async function createSlaTarget(input: SlaTargetFormInput): Promise<SlaTarget> {
  return (await api.post<SlaTarget>('/sla-targets', input)).data;
}

export async function updateSlaTarget(id: number, input: SlaTargetFormInput): Promise<SlaTarget> {
  return (await api.put<SlaTarget>(`/sla-targets/${id}`, input)).data;
}

export async function deleteSlaTarget(id: number): Promise<void> {
  await api.delete(`/sla-targets/${id}`);
}

/** GET /dashboard/sla with the dashboard's range parameters. */
export async function fetchSlaDashboard(params: Record<string, string | number>): Promise<SlaDashboard> {
  return (await api.get<SlaDashboard>('/dashboard/sla', { params })).data;
}
