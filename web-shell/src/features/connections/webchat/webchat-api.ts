import { api } from '@guiche/web-sdk';
import type { WebchatSite, WebchatSiteInput } from '@guiche/contracts';

export type WebchatSiteSettings = WebchatSite & { token: string };

/** GET /webchat/sites/{id}: the widget's default look, the allowed sites and the public widget key for the snippet. */
export async function fetchWebchatSite(id: number): Promise<WebchatSiteSettings> {
  const { data } = await api.get<WebchatSiteSettings>(`/webchat/sites/${id}`);
  return data;
}

export async function saveWebchatSite(id: number, input: WebchatSiteInput): Promise<WebchatSiteSettings> {
  const { data } = await api.put<WebchatSiteSettings>(`/webchat/sites/${id}`, input);
  return data;
}

/** POST /webchat/sites/{id}/key: a new public key for the snippet (the old one keeps working for a day). */
export async function rotateWidgetKey(id: number): Promise<WebchatSiteSettings> {
  const { data } = await api.post<WebchatSiteSettings>(`/webchat/sites/${id}/key`);
  return data;
}

/** The API's absolute base, as a site on another origin must write it. */
export function apiBase(): string {
  return new URL(api.defaults.baseURL ?? '/api', window.location.href).href.replace(/\/+$/, '');
}

export function embedSnippet(token: string): string {
  return `<script src="${apiBase()}/webchat/widget.js" data-token="${token}" async></script>`;
}
