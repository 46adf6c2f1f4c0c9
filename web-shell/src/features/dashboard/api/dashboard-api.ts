import { api } from '@guiche/web-sdk';
import type { ClosingReasonCounts, DashboardAnswer, NpsInfo } from '@guiche/contracts';
import type { DashboardRange } from '../lib/dashboard-filter.js';

export interface Bucket { label: string; total: number }
export interface QueueTotal { id: number; name: string; color: string; total: number }
export interface UserTotal { userId: number; name: string; total: number }

function params(range: DashboardRange): Record<string, string | number> {
  return 'days' in range ? { days: range.days } : { date_from: range.from, date_to: range.to };
}

export async function fetchDashboard(range: DashboardRange): Promise<DashboardAnswer> {
  return (await api.get<DashboardAnswer>('/dashboard', { params: params(range) })).data;
}
export async function fetchTotals(range: DashboardRange): Promise<{ unit: 'day' | 'hour'; data: Bucket[] }> {
  return (await api.get('/dashboard/total-atendimentos', { params: params(range) })).data;
}
export async function fetchQueueTotals(range: DashboardRange): Promise<QueueTotal[]> {
  return (await api.get('/dashboard/queues', { params: params(range) })).data;
}
export async function fetchUserTotals(range: DashboardRange): Promise<UserTotal[]> {
  const p = params(range);
  return (await api.get('/dashboard/ticketsUsers', { params: 'days' in p ? p : { initialDate: p.date_from, finalDate: p.date_to } })).data;
}
export async function fetchNps(range: DashboardRange): Promise<NpsInfo> {
  return (await api.get<NpsInfo>('/dashboard/nps-info', { params: params(range) })).data;
}
/** Closes with each closing reason by day, queue and agent (issue #33). */
export async function fetchClosingReasonCounts(range: DashboardRange): Promise<ClosingReasonCounts> {
  return (await api.get<ClosingReasonCounts>('/dashboard/closing-reasons', { params: params(range) })).data;
}
