import { api } from '@guiche/web-sdk';
import type { MomentsAnswer } from '@guiche/contracts';

/** GET /dashboard/moments (default window: the last 30 days). */
export async function fetchMoments(queueIds: number[]): Promise<MomentsAnswer> {
  const params = queueIds.length ? { queueIds: JSON.stringify(queueIds) } : undefined;
  return (await api.get<MomentsAnswer>('/dashboard/moments', { params })).data;
}
