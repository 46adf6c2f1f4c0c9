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

/** The name and language of a `cloudTemplateKey` (the language follows the last '|'; none: the whole key is the name). */
export function parseCloudTemplateKey(key: string): { name: string; language: string } {
  const at = key.lastIndexOf('|');
  return at < 0 ? { name: key, language: '' } : { name: key.slice(0, at), language: key.slice(at + 1) };
}

/** The query useCloudTemplates keeps a connection's templates under (invalidate it after a sync). */
export const cloudTemplatesQueryKey = (connectionId: number | null) => ['cloudTemplates', connectionId ?? 0] as const;

/** The approved templates stored for a Cloud API connection (none asked without one). */
export function useCloudTemplates(connectionId: number | null) {
  return useQuery({
    queryKey: cloudTemplatesQueryKey(connectionId),
    queryFn: async () => (await api.get<{ templates: CloudTemplate[] }>(`/whatsappapi/${connectionId}/templates`)).data.templates,
    enabled: connectionId !== null,
  });
}
