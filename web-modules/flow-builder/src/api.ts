import type { Flow, FlowExport, FlowGraph, FlowNodeCounter, FlowSimulateInput, FlowSimulation, FlowSummary, FlowTrigger, FlowVersion } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

/** The shapes and rules are the plugin's: @guiche/contracts flow-builder.ts. */
export async function fetchFlows(search: string): Promise<Page<FlowSummary>> {
  const { data } = await api.get<FlowSummary[]>('/flowbuilder', { params: { q: search.trim() || undefined } });
  return { items: data, hasMore: false };
}
export const fetchFlow = async (id: number) => (await api.get<Flow>(`/flowbuilder/${id}`)).data;
export const createFlow = async (name: string) => (await api.post<Flow>('/flowbuilder', { name })).data;
export const saveFlow = async (id: number, input: { name?: string; graph?: FlowGraph }) => (await api.put<Flow>(`/flowbuilder/${id}`, input)).data;
export const deleteFlow = async (id: number) => void (await api.delete(`/flowbuilder/${id}`));
export const duplicateFlow = async (id: number, name: string) => (await api.post<Flow>(`/flowbuilder/${id}/duplicate`, { name })).data;
export const exportFlow = async (id: number) => (await api.get<FlowExport>(`/flowbuilder/${id}/export`)).data;
export const importFlow = async (body: unknown) => (await api.post<Flow>('/flowbuilder/import', body)).data;
export const publishFlow = async (id: number) => (await api.post<FlowVersion>(`/flowbuilder/${id}/publish`)).data;
export const fetchVersions = async (id: number) => (await api.get<Omit<FlowVersion, 'graph'>[]>(`/flowbuilder/${id}/versions`)).data;
export const fetchVersion = async (id: number, versionId: number) => (await api.get<FlowVersion>(`/flowbuilder/${id}/versions/${versionId}`)).data;
export const fetchCounters = async (id: number) => (await api.get<FlowNodeCounter[]>(`/flowbuilder/${id}/counters`)).data;
export const fetchQueues = async () => (await api.get<{ id: number; name: string }[]>('/queue')).data;
export const rotateWebhookSecret = async (id: number) => (await api.post<{ secret: string }>(`/flowbuilder/${id}/webhook-secret`)).data.secret;
export const fetchTriggers = async (id: number) => (await api.get<FlowTrigger[]>(`/flowbuilder/${id}/triggers`)).data;
export const saveTriggers = async (id: number, triggers: FlowTrigger[]) => (await api.put<{ triggers: FlowTrigger[] }>(`/flowbuilder/${id}/triggers`, { triggers })).data.triggers;
export const fetchConnections = async () => (await api.get<{ id: number; name: string; channel: string }[]>('/whatsapp', { params: { session: 0 } })).data;
export const simulateFlow = async (id: number, input: FlowSimulateInput) => (await api.post<FlowSimulation>(`/flowbuilder/${id}/simulate`, input)).data;

/** A message block's uploaded file, as the node's `mediaFile` keeps it. */
export interface FlowMediaFile {
  path: string | null;
  mimetype: string;
  fileName: string;
}
/** Stores a file for a message block (multipart, 16 MB); `progress` gets 0–1 as it uploads. */
export async function uploadFlowMedia(id: number, file: File, progress: (fraction: number) => void): Promise<FlowMediaFile> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await api.post<FlowMediaFile>(`/flowbuilder/${id}/media`, form, { onUploadProgress: (e) => progress(e.total ? e.loaded / e.total : 0) });
  return data;
}
