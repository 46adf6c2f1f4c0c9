import { z } from 'zod';
import { DEFAULT_TAG_COLOR, type Tag } from '@guiche/contracts';
import { isHexColor } from '@guiche/web-sdk';

/**
 * The tag dialog (outreach-config.md §5): name required ('Obrigatório'), at least 3 characters
 * ('Mensagem muito curta'); a #RRGGBB colour. Messages are keys of this page's namespace.
 */
export const TagV = {
  required: 'tags:validation.required',
  tooShort: 'tags:validation.tooShort',
  tooLong: 'tags:validation.tooLong',
  color: 'tags:validation.color',
} as const;

export const tagFormSchema = z.object({
  name: z.string().trim().min(1, TagV.required).min(3, TagV.tooShort).max(50, TagV.tooLong),
  color: z.string().refine(isHexColor, TagV.color),
  kanban: z.boolean(),
});

export type TagFormValues = z.infer<typeof tagFormSchema>;

export function tagFormValues(tag: Tag | undefined): TagFormValues {
  return tag ? { name: tag.name, color: tag.color, kanban: tag.kanban } : { name: '', color: DEFAULT_TAG_COLOR, kanban: false };
}
