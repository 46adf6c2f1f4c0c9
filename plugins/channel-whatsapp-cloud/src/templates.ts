import type { GraphClient } from '@guiche/meta-graph';

export interface Template {
  name: string;
  language: string;
  category: string;
  /** The BODY component's text with {{1}}… placeholders. */
  body: string;
  header: string | null;
  footer: string | null;
  /** How many {{n}} variables the body has. */
  variables: number;
}

interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components?: { type: string; text?: string; format?: string }[];
}

export async function fetchApprovedTemplates(client: GraphClient, wabaId: string): Promise<Template[]> {
  const answer = await client.get<{ data?: GraphTemplate[] }>(`${wabaId}/message_templates`, { status: 'APPROVED', limit: 200, fields: 'name,language,status,category,components' });
  return (answer.data ?? [])
    .filter((t) => t.status === 'APPROVED')
    .map((t) => {
      const text = (type: string) => t.components?.find((c) => c.type.toUpperCase() === type)?.text ?? null;
      const body = text('BODY') ?? '';
      const variables = new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;
      return { name: t.name, language: t.language, category: t.category, body, header: text('HEADER'), footer: text('FOOTER'), variables };
    });
}

export function renderTemplate(template: Template, parameters: string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

export function templateMessage(to: string, input: { name: string; language: string; parameters: string[] }): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: input.name,
      language: { code: input.language },
      ...(input.parameters.length ? { components: [{ type: 'body', parameters: input.parameters.map((text) => ({ type: 'text', text })) }] } : {}),
    },
  };
}
