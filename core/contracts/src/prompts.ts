import { z } from 'zod';
import { id, oneOf, text } from './primitives.js';

/**
 * AI prompts (outreach-config.md §2, §5, §7): the plugin's route bodies and the web dialog share
 * these choices, limits, defaults and rules, so a rule changes in one place.
 */

/** Keys of the module's own validation texts (web-modules/prompts locales: "Informe o setor"). */
export const PromptV = { queue: 'prompts:validation.queue' } as const;

/** texto (answers in text) or one of the Brazilian Portuguese neural voices of the text-to-speech service. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural', 'pt-BR-AntonioNeural', 'pt-BR-BrendaNeural', 'pt-BR-DonatoNeural', 'pt-BR-ElzaNeural', 'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural', 'pt-BR-HumbertoNeural', 'pt-BR-JulioNeural', 'pt-BR-LeilaNeural', 'pt-BR-LeticiaNeural', 'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural', 'pt-BR-ValerioNeural', 'pt-BR-YaraNeural', 'pt-BR-ThalitaNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** Field sizes (the columns' sizes) and the model settings' ranges. */
export const PromptLimits = {
  name: 100,
  prompt: 20000,
  apiKey: 500,
  voiceKey: 500,
  voiceRegion: 50,
  maxTokens: { min: 1, max: 32000 },
  temperature: { min: 0, max: 2 },
  maxMessages: { min: 1, max: 100 },
} as const;

/** What a new prompt starts with; the model settings also stand for a blank value. */
export const PromptDefaults = {
  voice: 'texto',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const satisfies { voice: PromptVoice; maxTokens: number; temperature: number; maxMessages: number };

const L = PromptLimits;
const num = (range: { min: number; max: number }, fallback: number, intOnly = true) => {
  const base = z.coerce.number().min(range.min).max(range.max);
  return z.union([z.null(), z.literal(''), intOnly ? base.int() : base]).optional().transform((v) => (v === null || v === '' || v === undefined ? fallback : v));
};

/** The prompt's queue: required ("Informe o setor"); a blank choice ('', 0, null) is refused. */
export const promptQueueIdSchema = z.union([z.null(), z.literal(''), z.literal(0), id]).optional().transform((v, ctx) => {
  if (!v) {
    ctx.addIssue({ code: 'custom', message: PromptV.queue });
    return z.NEVER;
  }
  return v;
});

/**
 * POST /prompt and PUT /prompt/{id} (outreach-config.md §5): the only blocking rule is the queue
 * ("Informe o setor"); the rest is bounded so it cannot reach the database as an error.
 */
export const promptInputSchema = z.object({
  name: text(L.name, { trim: true }).default(''),
  prompt: text(L.prompt).default(''),
  apiKey: text(L.apiKey, { trim: true }).default(''),
  voice: oneOf(PROMPT_VOICES).default(PromptDefaults.voice),
  voiceKey: z.union([z.null(), text(L.voiceKey, { trim: true })]).optional().transform((v) => v ?? ''),
  voiceRegion: z.union([z.null(), text(L.voiceRegion, { trim: true })]).optional().transform((v) => v ?? ''),
  maxTokens: num(L.maxTokens, PromptDefaults.maxTokens),
  temperature: num(L.temperature, PromptDefaults.temperature, false),
  maxMessages: num(L.maxMessages, PromptDefaults.maxMessages),
  queueId: promptQueueIdSchema,
  companyId: z.unknown().optional(),
  id: z.unknown().optional(),
  queue: z.unknown().optional(),
});
export type PromptInput = z.infer<typeof promptInputSchema>;

/** The fields a prompt is saved with; the queue may be gone since (its deletion lets go). */
export type PromptFields = Omit<PromptInput, 'companyId' | 'id' | 'queue' | 'queueId'> & { queueId: number | null };

/** The prompt's queue as answers carry it. */
export interface PromptQueue {
  id: number;
  name: string;
  color: string;
}

/** A prompt as GET /prompt and company-{id}-prompt give it: apiKey and voiceKey masked (••••••••1234). */
export type Prompt = { id: number; companyId: number } & PromptFields & { queue: PromptQueue | null; createdAt: string; updatedAt: string };
