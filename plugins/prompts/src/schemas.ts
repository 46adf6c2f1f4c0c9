import { z } from 'zod';
import { id, idParams, oneOf, pageNumber, text } from '@guiche/contracts';

/** Keys of the module's own validation texts (web-modules/prompts locales: "Informe o setor"). */
export const PromptV = { queue: 'prompts:validation.queue' } as const;

/** texto (answers in text) or one of the Brazilian Portuguese neural voices of the text-to-speech service. */
export const VOICES = [
  'texto',
  'pt-BR-FranciscaNeural', 'pt-BR-AntonioNeural', 'pt-BR-BrendaNeural', 'pt-BR-DonatoNeural', 'pt-BR-ElzaNeural', 'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural', 'pt-BR-HumbertoNeural', 'pt-BR-JulioNeural', 'pt-BR-LeilaNeural', 'pt-BR-LeticiaNeural', 'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural', 'pt-BR-ValerioNeural', 'pt-BR-YaraNeural', 'pt-BR-ThalitaNeural',
] as const;
export const PROMPTS_PAGE_SIZE = 100;

const num = (min: number, max: number, fallback: number, intOnly = true) => {
  const base = z.coerce.number().min(min).max(max);
  return z.union([z.null(), z.literal(''), intOnly ? base.int() : base]).optional().transform((v) => (v === null || v === '' || v === undefined ? fallback : v));
};

/**
 * POST /prompt and PUT /prompt/{id} (outreach-config.md §5): the only blocking rule is the queue
 * ("Informe o setor"); the rest is bounded so it cannot reach the database as an error.
 */
export const promptInputSchema = z.object({
  name: text(100, { trim: true }).default(''),
  prompt: text(20000).default(''),
  apiKey: text(500, { trim: true }).default(''),
  voice: oneOf(VOICES).default('texto'),
  voiceKey: z.union([z.null(), text(500, { trim: true })]).optional().transform((v) => v ?? ''),
  voiceRegion: z.union([z.null(), text(50, { trim: true })]).optional().transform((v) => v ?? ''),
  maxTokens: num(1, 32000, 100),
  temperature: num(0, 2, 1, false),
  maxMessages: num(1, 100, 10),
  queueId: z.union([z.null(), z.literal(''), z.literal(0), id]).optional().transform((v, ctx) => {
    if (!v) {
      ctx.addIssue({ code: 'custom', message: PromptV.queue });
      return z.NEVER;
    }
    return v;
  }),
  companyId: z.unknown().optional(),
  id: z.unknown().optional(),
  queue: z.unknown().optional(),
});
export type PromptInput = z.infer<typeof promptInputSchema>;

export const promptsQuerySchema = z.object({ searchParam: text(200).optional(), pageNumber });
export const promptParamsSchema = idParams;
