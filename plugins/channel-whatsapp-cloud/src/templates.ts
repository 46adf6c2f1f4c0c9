import type { OutboundTemplate } from '@guiche/core';
import type { GraphClient } from '@guiche/meta-graph';
import { placeholdersOf, type StoredTemplate } from '@guiche/meta-graph';

/** A message template as Graph's GET /{waba-id}/message_templates lists it. */
export interface GraphTemplate {
  id?: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: string;
  components?: { type: string; text?: string; format?: string; buttons?: { type: string; text?: string; url?: string }[] }[];
}

interface TemplatesPage {
  data?: GraphTemplate[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** Pages Graph answers at most (a WABA holds up to a few hundred templates). */
const MAX_PAGES = 50;

/** Every template of the WABA, whatever its status, following Graph's cursor paging. */
export async function fetchTemplates(client: GraphClient, wabaId: string): Promise<GraphTemplate[]> {
  const all: GraphTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.get<TemplatesPage>(`${wabaId}/message_templates`, { limit: 100, fields: 'id,name,language,status,category,parameter_format,components', ...(after ? { after } : {}) });
    all.push(...(answer.data ?? []));
    after = answer.paging?.cursors?.after;
    if (!answer.paging?.next || !after) break;
  }
  return all;
}

/** The row the sync stores for a Graph template (without connection, company and time). */
export function storedFields(t: GraphTemplate): Omit<StoredTemplate, 'connectionId' | 'syncedAt'> & { metaId: string | null } {
  const text = (type: string) => t.components?.find((c) => c.type.toUpperCase() === type)?.text ?? null;
  const body = text('BODY') ?? '';
  const variableNames = placeholdersOf(body);
  return {
    metaId: t.id ?? null,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    parameterFormat: t.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL',
    body,
    header: text('HEADER'),
    footer: text('FOOTER'),
    variableNames,
    variables: variableNames.length,
    components: t.components ?? [],
  };
}

function textParameters(values: readonly string[], names: readonly string[] | undefined) {
  return values.map((text, i) => ({ type: 'text', ...(names?.[i] ? { parameter_name: names[i] } : {}), text }));
}

/**
 * The JSON body of POST /{phone-number-id}/messages for a template, in Meta's component shape: the
 * header's text parameter or its file (`{type: 'image', image: {link}}`, document, video), the body's
 * text parameters, and one `{type: 'button', sub_type: 'url', index: '<position>'}` per URL button
 * with a variable suffix.
 */
export function templateMessage(to: string, input: OutboundTemplate): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (input.headerMedia) {
    const { kind, link } = input.headerMedia;
    components.push({ type: 'header', parameters: [{ type: kind, [kind]: { link } }] });
  } else if (input.headerParameters?.length) {
    components.push({ type: 'header', parameters: textParameters(input.headerParameters, input.headerParameterNames) });
  }
  if (input.parameters.length) components.push({ type: 'body', parameters: textParameters(input.parameters, input.parameterNames) });
  for (const button of input.buttonParameters ?? []) {
    components.push({ type: 'button', sub_type: 'url', index: String(button.index), parameters: [{ type: 'text', text: button.text }] });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: input.name,
      language: { code: input.language },
      ...(components.length ? { components } : {}),
    },
  };
}
