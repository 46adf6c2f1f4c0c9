import { z } from 'zod';
import { id, idParams, oneOf, pageNumber, text, V } from '@guiche/contracts';

/** Keys of the module's own validation texts (web-modules/queue-integrations locales). */
export const IntegrationV = { url: 'queueIntegrations:validation.url' } as const;

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export const INTEGRATIONS_PAGE_SIZE = 40;

const url = text(500, { trim: true }).refine((v) => /^https?:\/\/[^\s]+$/i.test(v), IntegrationV.url);
const optionalText = (max: number) => z.union([z.null(), text(max)]).optional().transform((v) => v ?? null);
const count = (min: number, max: number, fallback: number) =>
  z.union([z.null(), z.literal(''), z.coerce.number().int().min(min).max(max)]).optional().transform((v) => (v === null || v === '' || v === undefined ? fallback : v));

/**
 * POST /queueIntegration and PUT /queueIntegration/{id} (outreach-config.md §3, §5): name 2–50;
 * per type the fields its behaviour needs. projectName is the name for n8n, webhook and typebot.
 */
export const integrationInputSchema = z
  .object({
    type: oneOf(INTEGRATION_TYPES),
    name: text(50, { trim: true }).min(2, V.tooShort),
    projectName: optionalText(100),
    jsonContent: optionalText(20000),
    language: z.union([z.null(), z.literal(''), oneOf(DIALOGFLOW_LANGUAGES)]).optional().transform((v) => v || null),
    urlN8N: z.union([z.null(), z.literal(''), url]).optional().transform((v) => v || null),
    typebotSlug: optionalText(255),
    typebotExpires: count(0, 525600, 1),
    typebotDelayMessage: count(0, 60000, 1000),
    typebotKeywordFinish: optionalText(100),
    typebotKeywordRestart: optionalText(100),
    typebotUnknownMessage: optionalText(4096),
    typebotRestartMessage: optionalText(4096),
    companyId: z.unknown().optional(),
    id: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, ok: unknown) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message: V.required });
    };
    if (v.type === 'dialogflow') {
      need('projectName', v.projectName?.trim());
      need('jsonContent', v.jsonContent?.trim());
      need('language', v.language);
    } else {
      need('urlN8N', v.urlN8N);
      if (v.type === 'typebot') need('typebotSlug', v.typebotSlug?.trim());
    }
  })
  .transform((v) => ({ ...v, projectName: v.type === 'dialogflow' ? (v.projectName ?? '').trim() : v.name }));
export type IntegrationInput = z.infer<typeof integrationInputSchema>;

export const integrationsQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
});

export const integrationParamsSchema = idParams;

/** POST /queueIntegration/testSession: the DialogFlow fields of the dialog. */
export const testSessionSchema = z.object({
  projectName: text(100, { trim: true }).min(1, V.required),
  jsonContent: text(20000).min(1, V.required),
  language: oneOf(DIALOGFLOW_LANGUAGES),
  /** Editing: a masked private key stands for the stored one. */
  id: id.optional(),
});
