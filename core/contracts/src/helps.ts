import { z } from 'zod';
import { pageNumber, text } from './primitives.js';
import { V } from './messages.js';

/** POST /helps, PUT /helps/{id} (super users): video is the YouTube video code. */
export const helpInputSchema = z.object({
  title: text(100, { trim: true }).min(1, V.required).min(2, V.tooShort),
  description: text(2000, { trim: true }).nullable().optional(),
  video: text(200, { trim: true }).min(1, V.required),
});
export const helpUpdateSchema = helpInputSchema.partial();
export type HelpInput = z.infer<typeof helpInputSchema>;

export const HELPS_PAGE_SIZE = 20;
export const helpListQuery = z.object({ searchParam: text(200, { trim: true }).optional(), pageNumber });

export interface Help {
  id: number;
  title: string;
  description: string | null;
  video: string;
  createdAt?: string;
  updatedAt?: string;
}

/** The YouTube code of a pasted link (watch?v=, youtu.be/, embed/, shorts/), or the text itself. */
export function youtubeCode(value: string): string {
  const trimmed = value.trim();
  const m = /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,20})/.exec(trimmed);
  return m?.[1] ?? trimmed;
}
