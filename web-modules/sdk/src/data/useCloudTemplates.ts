import { useQuery } from '@tanstack/react-query';
import { api } from '../api.js';

/** An approved template stored for a WhatsApp Cloud API connection (GET /whatsappapi/:id/templates). */
export interface CloudTemplate {
  name: string;
  language: string;
  body: string;
  header: string | null;
  footer: string | null;
  /** The body's placeholders in order ("1", "2"… or names). */
  variableNames: string[];
  variables: number;
  /** Meta's components as stored (the header's and buttons' parameters are read from them: templateSlots). */
  components?: unknown[];
}

/** How a form holds the chosen template: name and language together, as one select value. */
export const cloudTemplateKey = (tpl: { name: string; language: string }) => `${tpl.name}|${tpl.language}`;

/** The approved templates stored for a Cloud API connection (none asked without one). */
export function useCloudTemplates(connectionId: number | null) {
  return useQuery({
    queryKey: ['cloudTemplates', connectionId ?? 0],
    queryFn: async () => (await api.get<{ templates: CloudTemplate[] }>(`/whatsappapi/${connectionId}/templates`)).data.templates,
    enabled: connectionId !== null,
  });
}
