import { z } from 'zod';
import { DEFAULT_TAG_COLOR, type Tag } from '@guiche/contracts';
import { isHexColor } from '@guiche/web-sdk';

/** The kanban tag dialog (outreach-config.md §5): name ≥ 3 ('Mensagem muito curta'), a #RRGGBB colour. */
export const KanbanTagV = {
  required: 'kanbanTags:validation.required',
  tooShort: 'kanbanTags:validation.tooShort',
  tooLong: 'kanbanTags:validation.tooLong',
  color: 'kanbanTags:validation.color',
} as const;

export const kanbanTagSchema = z.object({
  name: z.string().trim().min(1, KanbanTagV.required).min(3, KanbanTagV.tooShort).max(50, KanbanTagV.tooLong),
  color: z.string().refine(isHexColor, KanbanTagV.color),
});
export type KanbanTagValues = z.infer<typeof kanbanTagSchema>;

export function kanbanTagValues(tag: Tag | undefined): KanbanTagValues {
  return tag ? { name: tag.name, color: tag.color } : { name: '', color: DEFAULT_TAG_COLOR };
}
