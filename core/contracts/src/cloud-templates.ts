// WhatsApp Cloud API templates' parts a send fills besides the body (issue #29), read the same way
// by the server's check (@guiche/meta-graph) and the web's editor (the SDK's CloudTemplateFields).
// No zod here: the web SDK imports this file into the first screen (its schemas are in cloud-template-extras.ts).

/**
 * What a send must fill besides the body (issue #29): the header's text variable(s), the header's
 * media (a template whose header format is IMAGE, DOCUMENT or VIDEO takes the file's URL at each
 * send) and the suffix of each URL button whose address ends in a variable. Read from Meta's
 * components as the sync stored them.
 */
export type HeaderMediaKind = 'image' | 'document' | 'video';

export interface TemplateSlots {
  /** The header text's placeholders in order of first appearance (Meta allows one). */
  headerVariableNames: string[];
  /** The header's media kind when the header is a file. */
  headerMedia: HeaderMediaKind | null;
  /** The URL buttons with a variable suffix, by their position among the template's buttons (Meta's index). */
  urlButtons: { index: number; text: string }[];
}

/** The extra values of a send, beside the body's variables. */
export interface TemplateExtras {
  headerVariables?: string[];
  /** http(s) address of the header's file. */
  headerMedia?: string | null;
  /** One suffix per URL button with a variable, in the buttons' order. */
  buttonVariables?: string[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const MEDIA_FORMATS: Record<string, HeaderMediaKind> = { IMAGE: 'image', DOCUMENT: 'document', VIDEO: 'video' };

interface GraphComponent {
  type?: unknown;
  format?: unknown;
  text?: unknown;
  buttons?: unknown;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

export function templateSlots(components: readonly unknown[]): TemplateSlots {
  const slots: TemplateSlots = { headerVariableNames: [], headerMedia: null, urlButtons: [] };
  for (const raw of components) {
    if (!raw || typeof raw !== 'object') continue;
    const component = raw as GraphComponent;
    const type = String(component.type ?? '').toUpperCase();
    if (type === 'HEADER') {
      const format = String(component.format ?? 'TEXT').toUpperCase();
      if (format === 'TEXT' && typeof component.text === 'string') slots.headerVariableNames = placeholders(component.text);
      slots.headerMedia = MEDIA_FORMATS[format] ?? slots.headerMedia;
    }
    if (type === 'BUTTONS' && Array.isArray(component.buttons)) {
      component.buttons.forEach((button: { type?: unknown; url?: unknown; text?: unknown }, index) => {
        if (String(button?.type ?? '').toUpperCase() === 'URL' && typeof button.url === 'string' && placeholders(button.url).length > 0) {
          slots.urlButtons.push({ index, text: typeof button.text === 'string' ? button.text : '' });
        }
      });
    }
  }
  return slots;
}

/** A stored send's extras (rows saved before the fields existed have none) in the checker's words, each value passed through `fill`. */
export function templateExtrasOf(
  input: Partial<{ headerParameters: string[] | null; headerMedia: string | null; buttonParameters: string[] | null }>,
  fill: (text: string) => string = (t) => t,
): TemplateExtras {
  return {
    headerVariables: (input.headerParameters ?? []).map(fill),
    headerMedia: input.headerMedia ? fill(input.headerMedia) : null,
    buttonVariables: (input.buttonParameters ?? []).map(fill),
  };
}

/** The stored/sent fields of a send's extras (the shape templateExtrasFields parses); absent when empty. */
export interface TemplateExtrasParams {
  headerParameters?: string[];
  headerMedia?: string;
  buttonParameters?: string[];
}

/** What a dialog's extras become in a send or a stored row: only the parts that hold something. */
export function templateExtrasParams(extras: TemplateExtras): TemplateExtrasParams {
  const media = extras.headerMedia?.trim();
  return {
    ...(extras.headerVariables?.length ? { headerParameters: extras.headerVariables } : {}),
    ...(media ? { headerMedia: media } : {}),
    ...(extras.buttonVariables?.length ? { buttonParameters: extras.buttonVariables } : {}),
  };
}
