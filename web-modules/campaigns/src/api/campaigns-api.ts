import type { TemplateExtrasParams } from '@guiche/contracts';
import { api, type Page } from '@guiche/web-sdk';

export type CampaignStatus = 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA';
export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export type Slot = (typeof MESSAGE_SLOTS)[number];

export interface ShippingCounts {
  total: number;
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  confirmationRequested: number;
  confirmed: number;
}

/** A campaign as GET /campaigns and company-{id}-campaign give it. */
export interface Campaign {
  id: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  contactListId: number | null;
  tagListId: number | null;
  /** The connection ids, comma-joined. */
  whatsappId: string;
  whatsappIds: number[];
  whatsapp: { name: string } | null;
  contactList: { id: number; name: string } | null;
  scheduledAt: string | null;
  completedAt: string | null;
  mediaName: string | null;
  mediaPath: string | null;
  /** Why it waits (ERR_WAPP_NOT_INITIALIZED while a connection is down). */
  pauseReason: string | null;
  shipping: ShippingCounts;
  /** Cloud API connections send this approved template instead of the messages. */
  template?: CampaignTemplate | null;
  /** The flow builder's flow each contact's reply starts (plans with useFlowBuilder). */
  flowId?: number | null;
  [message: `message${number}` | `confirmationMessage${number}`]: string | null;
}

/** A stored template chosen for a campaign; its variables (header and URL buttons' too) may hold {nome}, {numero}, {email} and the custom shortcuts. */
export interface CampaignTemplate extends TemplateExtrasParams {
  name: string;
  language: string;
  variables: string[];
}

export type CampaignInput = {
  name: string;
  confirmation: boolean;
  contactListId: number | null;
  tagListId: number | null;
  whatsappId: string;
  scheduledAt: string | null;
  template: CampaignTemplate | null;
  flowId: number | null;
} & Record<`message${Slot}` | `confirmationMessage${Slot}`, string | null>;

export interface ContactList {
  id: number;
  name: string;
  contactsCount: number;
}

export interface ContactListItem {
  id: number;
  name: string;
  number: string;
  email: string | null;
  isWhatsappValid: boolean | null;
  contactListId: number;
}

export interface UploadResult {
  results: { row: number; status: 'created' | 'updated' | 'error'; name?: string; number?: string; errors?: { path: string; message: string }[] }[];
  created: number;
  updated: number;
  errors: number;
}

export interface Option {
  id: number;
  name: string;
}

/** A connection as the campaign dialog lists it (its channel tells the Cloud API ones). */
export interface ConnectionOption extends Option {
  channel: string;
}

export async function fetchCampaigns(search: string, pageNumber: number): Promise<Page<Campaign>> {
  const { data } = await api.get<{ records: Campaign[]; hasMore: boolean }>('/campaigns', { params: { searchParam: search.trim().toLowerCase() || undefined, pageNumber } });
  return { items: data.records, hasMore: data.hasMore };
}
export const fetchCampaign = async (id: number) => (await api.get<Campaign>(`/campaigns/${id}`)).data;
export const createCampaign = async (input: CampaignInput) => (await api.post<Campaign>('/campaigns', input)).data;
export const updateCampaign = async (id: number, input: CampaignInput) => (await api.put<Campaign>(`/campaigns/${id}`, input)).data;
export const deleteCampaign = async (id: number) => void (await api.delete(`/campaigns/${id}`));
export const cancelCampaign = async (id: number) => (await api.post<Campaign>(`/campaigns/${id}/cancel`)).data;
export const restartCampaign = async (id: number) => (await api.post<Campaign>(`/campaigns/${id}/restart`)).data;
export async function attachCampaignMedia(id: number, file: File): Promise<Campaign> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<Campaign>(`/campaigns/${id}/media-upload`, form)).data;
}
export const removeCampaignMedia = async (id: number) => (await api.delete<Campaign>(`/campaigns/${id}/media-upload`)).data;

export async function fetchContactLists(search: string, pageNumber: number): Promise<Page<ContactList>> {
  const { data } = await api.get<{ records: ContactList[]; hasMore: boolean }>('/contact-lists', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.records, hasMore: data.hasMore };
}
export const fetchAllContactLists = async () => (await api.get<ContactList[]>('/contact-lists/list')).data;
export const fetchContactList = async (id: number) => (await api.get<ContactList>(`/contact-lists/${id}`)).data;
export const createContactList = async (name: string) => (await api.post<ContactList>('/contact-lists', { name })).data;
export const updateContactList = async (id: number, name: string) => (await api.put<ContactList>(`/contact-lists/${id}`, { name })).data;
export const deleteContactList = async (id: number) => void (await api.delete(`/contact-lists/${id}`));
export async function uploadContactList(id: number, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<UploadResult>(`/contact-lists/${id}/upload`, form)).data;
}

export async function fetchItems(contactListId: number, search: string, pageNumber: number): Promise<Page<ContactListItem>> {
  const { data } = await api.get<{ contacts: ContactListItem[]; hasMore: boolean }>('/contact-list-items', { params: { contactListId, searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.contacts, hasMore: data.hasMore };
}
export type ItemInput = { name: string; number: string; email: string | null; contactListId: number };
export const createItem = async (input: ItemInput) => (await api.post<ContactListItem>('/contact-list-items', input)).data;
export const updateItem = async (id: number, input: ItemInput) => (await api.put<ContactListItem>(`/contact-list-items/${id}`, input)).data;
export const deleteItem = async (id: number) => void (await api.delete(`/contact-list-items/${id}`));

export const fetchConnections = async () => (await api.get<ConnectionOption[]>('/whatsapp', { params: { session: 0 } })).data;
/** The flow builder's flows (its own route): the reply flow picker offers the published ones. */
export const fetchFlows = async () => (await api.get<{ id: number; name: string; liveVersionId: number | null }[]>('/flowbuilder')).data;
export const fetchTags = async () => (await api.get<Option[]>('/tags/list')).data;

export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: { key: string; value: string }[];
  /** Send only within the company's service hours (ours; off by default). */
  businessHoursOnly: boolean;
}
export async function fetchSettings(): Promise<CampaignSettings> {
  const { data } = await api.get<{ key: string; value: string }[]>('/campaign-settings');
  return Object.fromEntries(data.map((s) => [s.key, JSON.parse(s.value)])) as unknown as CampaignSettings;
}
export const saveSettings = async (settings: CampaignSettings) => void (await api.post('/campaign-settings', { settings }));

/** One decision of the ban guard (GET /campaigns/:id/guard). */
export interface GuardDecision {
  id: number;
  connectionId: number | null;
  decision: 'daily_cap' | 'sending_hours' | 'paused_failures' | 'paused_quality' | 'tier_cap' | 'resumed';
  detail: Record<string, unknown>;
  createdAt: string;
}
export const fetchGuardLog = async (id: number) => (await api.get<{ pauseReason: string | null; decisions: GuardDecision[] }>(`/campaigns/${id}/guard`)).data;
/** Goes on after the guard paused it (failures, quality). */
export const resumeCampaign = async (id: number) => (await api.post<Campaign>(`/campaigns/${id}/resume`)).data;
/** Pause reasons that wait for an admin's click. */
export const HELD_PAUSES = ['GUARD_FAILURES', 'GUARD_QUALITY'];

/** A connection's ban guardrails (Baileys limits; a Cloud API connection follows Meta's standing) (GET/PUT /campaign-guards/:whatsappId); null = the default. */
export interface GuardLimits {
  dailyCap: number | null;
  warmupStart: number | null;
  warmupDays: number | null;
  sendingFrom: string | null;
  sendingTo: string | null;
  failureThreshold: number | null;
  failureWindowMinutes: number | null;
}
/** Meta's standing of a Cloud API number, as the guard last heard it (null on other channels). */
export interface CloudStanding {
  messagingTier: string | null;
  qualityRating: string | null;
  /** Unique people per moving 24 hours; null = unlimited. */
  limit: number | null;
  recipients24h: number | null;
  standingAt: string | null;
  qualityDroppedAt: string | null;
}
export interface ConnectionGuard extends GuardLimits {
  connectionId: number;
  channel: string;
  cloud: CloudStanding | null;
  defaults: GuardLimits;
  capToday: number;
  sentToday: number;
  warmupDay: number;
  firstSendAt: string | null;
}
export const fetchGuard = async (connectionId: number) => (await api.get<ConnectionGuard>(`/campaign-guards/${connectionId}`)).data;
export const saveGuard = async (connectionId: number, limits: Partial<GuardLimits>) => (await api.put<ConnectionGuard>(`/campaign-guards/${connectionId}`, limits)).data;
