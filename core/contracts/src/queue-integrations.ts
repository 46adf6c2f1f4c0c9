import { z } from 'zod';
import { id, oneOf, text } from './primitives.js';
import { V } from './messages.js';

/**
 * Queue integrations (outreach-config.md §2, §3, §5, §7): the plugin's route bodies and the web
 * dialog share these choices, limits, defaults and rules, so a rule changes in one place.
 */

/** Keys of the module's own validation texts (web-modules/queue-integrations locales). */
export const IntegrationV = { url: 'queueIntegrations:validation.url', destination: 'queueIntegrations:validation.destination' } as const;

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type DialogflowLanguage = (typeof DIALOGFLOW_LANGUAGES)[number];

/** Field sizes and ranges (the columns' sizes; minutes and milliseconds for the Typebot counts). */
export const IntegrationLimits = {
  nameMin: 2,
  nameMax: 50,
  projectName: 100,
  jsonContent: 20000,
  url: 500,
  typebotSlug: 255,
  keyword: 100,
  message: 4096,
  typebotExpires: { min: 0, max: 525600 },
  typebotDelayMessage: { min: 0, max: 60000 },
} as const;

/** What a new integration starts with; the Typebot counts also stand for a blank value (expires 0 = never). */
export const IntegrationDefaults = {
  type: 'typebot',
  language: 'pt-BR',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
} as const satisfies { type: IntegrationType; language: DialogflowLanguage; typebotExpires: number; typebotDelayMessage: number };

const L = IntegrationLimits;
const url = text(L.url, { trim: true }).refine((v) => /^https?:\/\/[^\s]+$/i.test(v), IntegrationV.url);
const optionalText = (max: number) => z.union([z.null(), text(max)]).optional().transform((v) => v ?? null);
const count = (range: { min: number; max: number }, fallback: number) =>
  z.union([z.null(), z.literal(''), z.coerce.number().int().min(range.min).max(range.max)]).optional().transform((v) => (v === null || v === '' || v === undefined ? fallback : v));

/** The integration's name: 2–50 characters once trimmed. */
export const integrationNameSchema = text(L.nameMax, { trim: true }).min(L.nameMin, V.tooShort);

/**
 * POST /queueIntegration and PUT /queueIntegration/{id} (outreach-config.md §3, §5): name 2–50;
 * per type the fields its behaviour needs. projectName is the name for n8n, webhook and typebot.
 */
export const integrationInputSchema = z
  .object({
    type: oneOf(INTEGRATION_TYPES),
    name: integrationNameSchema,
    projectName: optionalText(L.projectName),
    jsonContent: optionalText(L.jsonContent),
    language: z.union([z.null(), z.literal(''), oneOf(DIALOGFLOW_LANGUAGES)]).optional().transform((v) => v || null),
    urlN8N: z.union([z.null(), z.literal(''), url]).optional().transform((v) => v || null),
    typebotSlug: optionalText(L.typebotSlug),
    typebotExpires: count(L.typebotExpires, IntegrationDefaults.typebotExpires),
    typebotDelayMessage: count(L.typebotDelayMessage, IntegrationDefaults.typebotDelayMessage),
    typebotKeywordFinish: optionalText(L.keyword),
    typebotKeywordRestart: optionalText(L.keyword),
    typebotUnknownMessage: optionalText(L.message),
    typebotRestartMessage: optionalText(L.message),
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

/** The fields an integration is saved with: what the dialog sends and what an answer carries. */
export type IntegrationFields = Omit<IntegrationInput, 'companyId' | 'id'>;

/** A queue integration as GET /queueIntegration and company-{id}-queueIntegration give it (the DialogFlow key masked). */
export type QueueIntegration = { id: number; companyId: number } & IntegrationFields & { createdAt: string; updatedAt: string };

/** The types whose calls carry X-Guiche-Signature, each with its own secret. */
export const SIGNED_INTEGRATION_TYPES = ['n8n', 'webhook'] as const satisfies readonly IntegrationType[];

/** POST / PUT answers: `signingSecret` only when one was just made (creation, or a switch to a signed type). */
export type SavedQueueIntegration = QueueIntegration & { signingSecret?: string };

/** POST /queueIntegration/testSession: the DialogFlow fields of the dialog. */
export const testSessionSchema = z.object({
  projectName: text(L.projectName, { trim: true }).min(1, V.required),
  jsonContent: text(L.jsonContent).min(1, V.required),
  language: oneOf(DIALOGFLOW_LANGUAGES),
  /** Editing: a masked private key stands for the stored one. */
  id: id.optional(),
});
export type TestSessionInput = z.infer<typeof testSessionSchema>;

/** The test button's answer: the bot's reply, or why the call failed (not an HTTP error). */
export interface TestSessionResult {
  ok: boolean;
  message?: string;
  intent?: string | null;
  reason?: string;
}
