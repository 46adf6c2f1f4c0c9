import { api, type Page } from '@guiche/web-sdk';
import type { Tag } from '@guiche/contracts';

/** A card: a ticket as GET /ticket/kanban and the company-{id}-ticket events give it. */
export interface KanbanTicket {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string | null;
  updatedAt: string;
  contact: { id: number; name: string; number: string };
  tags: { id: number; name: string; color: string }[];
}

export interface LanePage {
  tickets: KanbanTicket[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface KanbanTagInput {
  name: string;
  color: string;
}

/** The default lane holds the tickets without a kanban tag. */
export const DEFAULT_LANE = 0;

/** GET /ticket/kanban?lane: one page of a lane (0 = default lane), newest activity first. */
export async function fetchLane(lane: number, cursor: string | null): Promise<LanePage> {
  const { data } = await api.get<LanePage>('/ticket/kanban', { params: { lane, cursor: cursor ?? undefined } });
  return data;
}

/** POST /ticket/kanban/move: one atomic request on the server. */
export async function moveCard(ticketId: number, tagId: number | null): Promise<void> {
  await api.post('/ticket/kanban/move', { ticketId, tagId });
}

/** GET /tags/list?kanban=1: every kanban tag (the board's lanes), by name. */
export async function fetchLanes(): Promise<Tag[]> {
  const { data } = await api.get<Tag[]>('/tags/list', { params: { kanban: 1 } });
  return data;
}

/** GET /tags?kanban=1 (searchParam, pageNumber): the kanban tags manager's pages. */
export async function fetchKanbanTags(search: string, pageNumber: number): Promise<Page<Tag>> {
  const { data } = await api.get<{ tags: Tag[]; hasMore: boolean }>('/tags', { params: { kanban: 1, searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.tags, hasMore: data.hasMore };
}

/** GET /ticket/kanban/counts: tickets per kanban tag. */
export async function fetchTicketCounts(): Promise<Record<string, number>> {
  const { data } = await api.get<Record<string, number>>('/ticket/kanban/counts');
  return data;
}

export async function createKanbanTag(input: KanbanTagInput): Promise<Tag> {
  const { data } = await api.post<Tag>('/tags', { ...input, kanban: 1 });
  return data;
}

export async function updateKanbanTag(id: number, input: KanbanTagInput): Promise<Tag> {
  const { data } = await api.put<Tag>(`/tags/${id}`, { ...input, kanban: 1 });
  return data;
}

export async function deleteKanbanTag(id: number): Promise<void> {
  await api.delete(`/tags/${id}`);
}
