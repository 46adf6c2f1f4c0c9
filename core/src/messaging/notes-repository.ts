import type { Knex } from 'knex';
import type { TicketNote } from '@guiche/contracts';
import type { TicketRow } from './ticket-access.js';

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

/** The notes of a ticket, newest first (the drawer's list). */
export async function notesOfTicket(db: Knex, ticket: TicketRow): Promise<TicketNote[]> {
  const rows: NoteRow[] = await withUser(db, ticket.companyId)
    .where('ticketNotes.ticketId', ticket.id)
    .orderBy([{ column: 'ticketNotes.createdAt', order: 'desc' }, { column: 'ticketNotes.id', order: 'desc' }]);
  return rows.map(toNote);
}
