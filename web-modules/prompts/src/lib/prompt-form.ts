import { z } from 'zod';
import { PromptDefaults, promptQueueIdSchema, type Prompt, type PromptFields, type PromptVoice } from '@guiche/contracts';

/** The dialog's values: what the inputs hold (the queue and the numbers as text). */
export interface PromptFormValues {
  name: string;
  prompt: string;
  apiKey: string;
  queueId: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  temperature: string;
  maxTokens: string;
  maxMessages: string;
}

/** "Informe o setor" is the only blocking rule (outreach-config.md §5): the plugin's own queue rule. */
export const promptFormSchema = z.object({ queueId: promptQueueIdSchema });

export const promptFormValues = (p?: Prompt): PromptFormValues => ({
  name: p?.name ?? '',
  prompt: p?.prompt ?? '',
  apiKey: p?.apiKey ?? '',
  queueId: p?.queueId ? String(p.queueId) : '',
  voice: p?.voice ?? PromptDefaults.voice,
  voiceKey: p?.voiceKey ?? '',
  voiceRegion: p?.voiceRegion ?? '',
  temperature: String(p?.temperature ?? PromptDefaults.temperature),
  maxTokens: String(p?.maxTokens ?? PromptDefaults.maxTokens),
  maxMessages: String(p?.maxMessages ?? PromptDefaults.maxMessages),
});

/** The request body (the contract's fields). */
export const promptPayload = (v: PromptFormValues): PromptFields => ({
  name: v.name.trim(),
  prompt: v.prompt,
  apiKey: v.apiKey.trim(),
  queueId: v.queueId ? Number(v.queueId) : null,
  voice: v.voice,
  voiceKey: v.voiceKey.trim(),
  voiceRegion: v.voiceRegion.trim(),
  temperature: Number(v.temperature),
  maxTokens: Number(v.maxTokens),
  maxMessages: Number(v.maxMessages),
});
