/**
 * One tag model on tickets (issue #32): a ticket's plain tags are what its drawer's picker sets and
 * what its row shows; a kanban tag is its Kanban lane, shown apart and named as such.
 */
export interface TicketTag {
  id: number;
  name: string;
  color: string;
  kanban?: boolean;
}

export function plainTags<T extends TicketTag>(tags: readonly T[] | null | undefined): T[] {
  return (tags ?? []).filter((tag) => !tag.kanban);
}

export function kanbanTags<T extends TicketTag>(tags: readonly T[] | null | undefined): T[] {
  return (tags ?? []).filter((tag) => tag.kanban);
}

/** The ticket's Kanban lane, when it has one. */
export function kanbanLane<T extends TicketTag>(tags: readonly T[] | null | undefined): T | null {
  return (tags ?? []).find((tag) => tag.kanban) ?? null;
}

export function hasPlainTag(ticket: { tags?: readonly TicketTag[] | null }): boolean {
  return plainTags(ticket.tags).length > 0;
}
