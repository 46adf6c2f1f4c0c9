import { z } from 'zod';
import { ticketsQuerySchema } from '@guiche/contracts';

/**
 * GET /ticket/kanban: the web's queueIds (a JSON array, 0 = no queue), an optional lane (0 = the
 * default lane of tickets without a kanban tag, else a kanban tag's id) and the list's cursor.
 */
export const kanbanQuerySchema = ticketsQuerySchema.pick({ queueIds: true, cursor: true, searchParam: true }).extend({
  lane: z.coerce.number().int().min(0).max(2147483647).optional(),
});
export type KanbanQuery = z.infer<typeof kanbanQuerySchema>;

/** POST /ticket/kanban/move: the card's ticket and its destination lane (null or 0 = default lane). */
export const kanbanMoveSchema = z.object({
  ticketId: z.coerce.number().int().positive().max(2147483647),
  tagId: z.union([z.null(), z.coerce.number().int().min(0).max(2147483647)]).transform((v) => (v ? v : null)),
});
export type KanbanMove = z.infer<typeof kanbanMoveSchema>;
