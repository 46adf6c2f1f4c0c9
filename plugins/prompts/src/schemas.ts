import { z } from 'zod';
import { id, idParams, pageNumber, text } from '@guiche/contracts';

/** The body, voices, limits and defaults are shared with the web dialog: @guiche/contracts prompts.ts. */
export const PROMPTS_PAGE_SIZE = 100;

export const promptsQuerySchema = z.object({ searchParam: text(200).optional(), pageNumber });
export const promptParamsSchema = idParams;

export const transcriptionParamsSchema = z.object({ messageId: id });

/** Issue #33: a queue's automatic transcription on or off. */
export const transcriptionQueueParamsSchema = z.object({ queueId: id });
export const transcriptionQueueBodySchema = z.object({ auto: z.boolean() });
