import { useState } from 'react';
import { Button, FormGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketNote } from '@guiche/contracts';
import { ConfirmDialog, ErrorCard, formatDateTime, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { addNote, deleteNote, drawerKeys, fetchNotes } from '../api.js';
import { NS } from '../i18n/register.js';

/** inbox.md §5: a note needs at least 2 characters. */
export const NOTE_MIN_CHARS = 2;

export function noteError(text: string): 'required' | 'tooShort' | null {
  const trimmed = text.trim();
  if (!trimmed) return 'required';
  return trimmed.length < NOTE_MIN_CHARS ? 'tooShort' : null;
}

/** The ticket's notes about its contact (max height 200 px), the add form and delete with confirmation. */
export function NotesSection({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const client = useQueryClient();
  const key = drawerKeys.notes(ticketId, contactId);
  const notes = useQuery({ queryKey: key, queryFn: () => fetchNotes(ticketId, contactId) });
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);
  const [removing, setRemoving] = useState(false);
  const problem = noteError(text);
  const shownProblem = touched && problem ? (problem === 'required' ? t('notes.required') : t('notes.tooShort')) : undefined;

  const save = async () => {
    setTouched(true);
    if (problem) return;
    setSaving(true);
    try {
      const note = await addNote({ note: text.trim(), ticketId, contactId });
      client.setQueryData<TicketNote[]>(key, (list) => [note, ...(list ?? []).filter((n) => n.id !== note.id)]);
      setText('');
      setTouched(false);
      toastSuccess(t('notes.added'));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await deleteNote(deleting.id);
      client.setQueryData<TicketNote[]>(key, (list) => (list ?? []).filter((n) => n.id !== deleting.id));
      setDeleting(null);
      toastSuccess(t('notes.deleted'));
    } catch (err) {
      toastError(err);
    } finally {
      setRemoving(false);
    }
  };

  const mayDelete = (note: TicketNote) => user && (note.userId === user.id || user.profile === 'admin' || user.super);

  return (
    <section className="cd-section" aria-labelledby="cd-notes-title">
      <h4 id="cd-notes-title" className="cd-section__title">
        {t('notes.title')}
      </h4>
      <FormGroup labelFor="cd-note" label={t('notes.new')} intent={shownProblem ? Intent.DANGER : Intent.NONE} helperText={shownProblem}>
        <TextArea
          id="cd-note"
          fill
          rows={2}
          value={text}
          placeholder={t('notes.placeholder')}
          intent={shownProblem ? Intent.DANGER : Intent.NONE}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => text && setTouched(true)}
          data-testid="note-input"
        />
      </FormGroup>
      <div className="cd-notes__actions">
        <Button size="small" text={t('actions.clear')} variant="minimal" disabled={!text} onClick={() => (setText(''), setTouched(false))} />
        <Button size="small" intent="primary" icon="add" text={t('notes.add')} loading={saving} onClick={() => void save()} data-testid="note-add" />
      </div>
      {notes.isLoading ? null : notes.isError ? (
        <ErrorCard error={notes.error} onRetry={() => void notes.refetch()} />
      ) : (notes.data ?? []).length === 0 ? (
        <p className="cd-muted">{t('notes.empty')}</p>
      ) : (
        <ul className="cd-notes" data-testid="notes-list">
          {(notes.data ?? []).map((note) => (
            <li key={note.id} className="cd-note" data-testid="note" data-ticket-id={note.ticketId}>
              <p className="cd-note__text">{note.note}</p>
              <div className="cd-note__meta">
                <span>
                  {note.user?.name ?? '—'} · {formatDateTime(note.createdAt)}
                  {note.ticketId !== ticketId && (
                    <Tag minimal className="cd-note__ticket" data-testid="note-earlier-ticket">
                      {t('notes.fromTicket', { id: note.ticketId })}
                    </Tag>
                  )}
                </span>
                {mayDelete(note) && note.ticketId === ticketId && <Button size="small" variant="minimal" icon="trash" intent="danger" aria-label={t('notes.delete')} onClick={() => setDeleting(note)} data-testid="note-delete" />}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog isOpen={Boolean(deleting)} loading={removing} onConfirm={() => void remove()} onClose={() => setDeleting(null)}>
        <p>{t('notes.confirmDelete')}</p>
      </ConfirmDialog>
    </section>
  );
}
