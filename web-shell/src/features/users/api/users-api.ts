import { api, type Page } from '@guiche/web-sdk';
import type { Connection, Queue } from '@guiche/contracts';
import type { CompanyUser, Option } from '../lib/user-types.js';

/** GET /users (searchParam, pageNumber): 20 per page by name; admins search name and e-mail. */
export async function fetchUsers(search: string, pageNumber: number): Promise<Page<CompanyUser>> {
  const { data } = await api.get<{ users: CompanyUser[]; hasMore: boolean; count: number }>('/users', {
    params: { searchParam: search.trim() || undefined, pageNumber },
  });
  return { items: data.users, hasMore: data.hasMore, count: data.count };
}

export async function fetchUser(id: number): Promise<CompanyUser> {
  const { data } = await api.get<CompanyUser>(`/users/${id}`);
  return data;
}

export async function createUser(payload: Record<string, unknown>): Promise<CompanyUser> {
  const { data } = await api.post<CompanyUser>('/users', payload);
  return data;
}

export async function updateUser(id: number, payload: Record<string, unknown>): Promise<CompanyUser> {
  const { data } = await api.put<CompanyUser>(`/users/${id}`, payload);
  return data;
}

export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/users/${id}`);
}

/** POST /users/{id}/media-upload (multipart; the file in profileImage). Answers the stored path. */
export async function uploadProfileImage(id: number, file: File): Promise<string> {
  const form = new FormData();
  form.append('userId', String(id));
  form.append('typeArch', 'user');
  form.append('profileImage', file, file.name);
  const { data } = await api.post<{ user: { profileImage: string } }>(`/users/${id}/media-upload`, form);
  return data.user.profileImage;
}

/** GET /queue: the company's queues, for the dialog's multi-select. */
export async function fetchQueueOptions(): Promise<Option[]> {
  const { data } = await api.get<Queue[]>('/queue');
  return data.map((q) => ({ id: q.id, name: q.name, color: q.color }));
}

/** GET /whatsapp?session=0: the company's connections, for the default connection. */
export async function fetchConnectionOptions(): Promise<Option[]> {
  const { data } = await api.get<Connection[]>('/whatsapp', { params: { session: 0 } });
  return data.map((c) => ({ id: c.id, name: c.name }));
}

/** GET /users/list: every user's id and name (the queue dialog's users). */
export async function fetchUserOptions(): Promise<Option[]> {
  const { data } = await api.get<Option[]>('/users/list');
  return data;
}
