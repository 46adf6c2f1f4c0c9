import type { Knex } from 'knex';
import type { TicketNote } from '@guiche/contracts';
import { historyVisibleTo } from './history-visibility.js';
import type { TicketRow, Viewer } from './ticket-access.js';

function withUser(db: Knex, companyId: number): Knex.QueryBuilder {
  return db('ticketNotes')
    .leftJoin('users', 'users.id', 'ticketNotes.userId')
    .where('ticketNotes.companyId', companyId)
    .select(
      'ticketNotes.id', 'ticketNotes.note', 'ticketNotes.ticketId', 'ticketNotes.contactId', 'ticketNotes.userId',
      'ticketNotes.createdAt', 'ticketNotes.updatedAt', 'users.name as userName',
    );
}

type NoteRow = Omit<TicketNote, 'user'> & { userName: string | null };

function toNote({ userName, ...row }: NoteRow): TicketNote {
  return { ...row, user: row.userId !== null && userName !== null ? { id: row.userId, name: userName } : null };
}

export async function findNote(db: Knex, companyId: number, id: number): Promise<TicketNote | undefined> {
  const row: NoteRow | undefined = await withUser(db, companyId).where('ticketNotes.id', id).first();
  return row && toNote(row);
}

/**
 * The drawer's notes of a ticket's contact: this ticket's and those of the contact's earlier
 * tickets the viewer reads as history (historyVisibleTo), newest first; each names its ticket.
 */
export async function notesOfContact(db: Knex, ticket: TicketRow, viewer: Viewer): Promise<TicketNote[]> {
  const rows: NoteRow[] = await withUser(db, ticket.companyId)
    .join('tickets', 'tickets.id', 'ticketNotes.ticketId')
    .where('tickets.companyId', ticket.companyId)
    .where('ticketNotes.contactId', ticket.contactId)
    .where((where) => {
      where.where('tickets.id', ticket.id).orWhere((earlier) => {
        earlier.where('tickets.id', '<', ticket.id).where('tickets.contactId', ticket.contactId).modify(historyVisibleTo(viewer));
      });
    })
    .orderBy([{ column: 'ticketNotes.createdAt', order: 'desc' }, { column: 'ticketNotes.id', order: 'desc' }])
    .limit(200);
  return rows.map(toNote);
}
