/**
 * How the fake Graph API checks a template message (issue #29), as Meta does: the components'
 * shape (header text or file parameter, body text parameters, URL buttons by `sub_type` and string
 * `index`), and, when a template of that name and language is on the fake, each part's count and
 * the header file's kind. Answers Graph's error (code and message) or null when the send is good.
 */

/** A template on the fake, as much of it as the check reads (fake-graph.ts's FakeTemplate). */
interface KnownTemplate {
  name: string;
  language: string;
  components: { type: string; text?: string; format?: string; buttons?: { type: string; url?: string }[] }[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const FILE_KINDS = ['image', 'document', 'video'] as const;

type GraphError = { code: number; message: string };

interface SentParameter {
  type?: unknown;
  text?: unknown;
  [kind: string]: unknown;
}
interface SentComponent {
  type?: unknown;
  sub_type?: unknown;
  index?: unknown;
  parameters?: unknown;
}

const count = (text: string | undefined) => new Set([...(text ?? '').matchAll(PLACEHOLDER)].map((m) => m[1])).size;
const mismatch = (part: string): GraphError => ({ code: 132000, message: `(#132000) Number of parameters does not match the expected number of params (${part})` });
const invalid = (what: string): GraphError => ({ code: 100, message: `(#100) Invalid parameter: ${what}` });

function parameterError(parameter: SentParameter, allowFiles: boolean): GraphError | null {
  if (parameter.type === 'text') return typeof parameter.text === 'string' && parameter.text.length > 0 ? null : invalid('text parameter without text');
  if (allowFiles && FILE_KINDS.includes(parameter.type as (typeof FILE_KINDS)[number])) {
    const file = parameter[parameter.type as string] as { link?: unknown; id?: unknown } | undefined;
    return file && (typeof file.link === 'string' || typeof file.id === 'string') ? null : invalid(`${String(parameter.type)} parameter without link or id`);
  }
  return invalid(`parameter type ${String(parameter.type)}`);
}

export function templateSendError(template: { name?: unknown; language?: { code?: unknown }; components?: unknown }, known: KnownTemplate[]): GraphError | null {
  const components = (Array.isArray(template.components) ? template.components : []) as SentComponent[];
  const sent = { header: [] as SentParameter[], body: [] as SentParameter[], buttons: new Map<number, SentParameter[]>() };
  for (const component of components) {
    const parameters = Array.isArray(component.parameters) ? (component.parameters as SentParameter[]) : null;
    if (!parameters) return invalid('component without parameters');
    if (component.type === 'header' || component.type === 'body') {
      for (const parameter of parameters) {
        const error = parameterError(parameter, component.type === 'header');
        if (error) return error;
      }
      sent[component.type] = parameters;
    } else if (component.type === 'button') {
      if (component.sub_type !== 'url' && component.sub_type !== 'quick_reply') return invalid(`button sub_type ${String(component.sub_type)}`);
      if (typeof component.index !== 'string' || !/^\d+$/.test(component.index)) return invalid('button index must be a string of digits');
      for (const parameter of parameters) if (parameter.type !== 'text' && parameter.type !== 'payload') return invalid(`button parameter type ${String(parameter.type)}`);
      sent.buttons.set(Number(component.index), parameters);
    } else {
      return invalid(`component type ${String(component.type)}`);
    }
  }
  const stored = known.find((t) => t.name === template.name && t.language === template.language?.code);
  if (!stored) return null;
  const header = stored.components.find((c) => c.type.toUpperCase() === 'HEADER');
  const format = header?.format?.toUpperCase() ?? 'TEXT';
  if (format === 'TEXT') {
    if (sent.header.length !== count(header?.text)) return mismatch('header');
  } else if (sent.header.length !== 1 || sent.header[0]!.type !== format.toLowerCase()) {
    return { code: 132012, message: `(#132012) Parameter format does not match format in the created template (header ${format})` };
  }
  if (sent.body.length !== count(stored.components.find((c) => c.type.toUpperCase() === 'BODY')?.text)) return mismatch('body');
  const buttons = stored.components.find((c) => c.type.toUpperCase() === 'BUTTONS')?.buttons ?? [];
  const urlWithVariable = buttons.flatMap((b, i) => (b.type.toUpperCase() === 'URL' && count(b.url) > 0 ? [i] : []));
  for (const index of urlWithVariable) if (sent.buttons.get(index)?.length !== 1) return mismatch(`button ${index}`);
  for (const index of sent.buttons.keys()) if (!urlWithVariable.includes(index)) return mismatch(`button ${index}`);
  return null;
}
