import { api } from '@guiche/web-sdk';
import type { Queue } from '@guiche/contracts';

/** GET /queue: every queue of the company, by orderQueue (unset last) then name. */
export async function fetchQueues(): Promise<Queue[]> {
  const { data } = await api.get<Queue[]>('/queue');
  return data;
}

export async function createQueue(payload: Record<string, unknown>): Promise<Queue> {
  const { data } = await api.post<Queue>('/queue', payload);
  return data;
}

/** PUT /queue/{id}: only what is sent changes (the schedules and chatbot options stay as they are). */
export async function updateQueue(id: number, payload: Record<string, unknown>): Promise<Queue> {
  const { data } = await api.put<Queue>(`/queue/${id}`, payload);
  return data;
}

export async function deleteQueue(id: number): Promise<void> {
  await api.delete(`/queue/${id}`);
}

export { fetchUserOptions } from '../../users/api/users-api.js';
