import { Button, Callout, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Contact } from '@guiche/contracts';
import { Dialog, errorBodyOf, ErrorCard, LoadingState, toastError, useSession, useTranslation } from '@guiche/web-sdk';
import { createTicket, fetchConnections, fetchQueues, type CreatedTicket } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { NS } from '../i18n/register.js';
import { connectionsForChannel, defaultConnectionId, queueRequired } from '../lib/open-ticket.js';
import { conflictAction, conflictTicketOf, type ConflictAction } from '../lib/ticket-conflict.js';

interface Props {
  contact: Contact | null;
  onOpened(ticket: CreatedTicket): void;
  /** A 409 answer: the caller's own ticket (navigate) or someone else's (the info modal). */
  onConflict(action: ConflictAction): void;
  onClose(): void;
}

/**
 * Open a ticket with the contact on a connection of the contact's channel (inbox.md §2, §7):
 * POST /tickets, then /tickets/{uuid}. A queue is required unless admin.
 */
export function OpenTicketDialog({ contact, onOpened, onConflict, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const isOpen = contact !== null;
  const admin = !!user && !queueRequired(user);
  const connections = useQuery({ queryKey: contactKeys.connections(), queryFn: fetchConnections, enabled: isOpen, staleTime: 30_000 });
  // A plain user opens tickets in their own queues; an admin in any.
  const queues = useQuery({ queryKey: contactKeys.queues(), queryFn: fetchQueues, enabled: isOpen && admin, staleTime: 30_000 });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('ticket.title')} icon="chat" style={{ width: 460, maxWidth: '95vw' }}>
      {contact && user && (
        <OpenTicketForm
          key={contact.id}
          contact={contact}
          myUserId={user.id}
          userConnectionId={user.whatsappId}
          admin={admin}
          connections={connections.data ? connectionsForChannel(connections.data, contact.channel) : undefined}
          queues={admin ? queues.data : user.queues}
          loading={connections.isPending || (admin && queues.isPending)}
          failed={connections.isError || (admin && queues.isError)}
          retry={() => {
            void connections.refetch();
            if (admin) void queues.refetch();
          }}
          onOpened={onOpened}
          onConflict={onConflict}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

interface FormProps {
  contact: Contact;
  myUserId: number;
  userConnectionId: number | null;
  admin: boolean;
  connections: { id: number; name: string; isDefault: boolean }[] | undefined;
  queues: { id: number; name: string }[] | undefined;
  loading: boolean;
  failed: boolean;
  retry(): void;
  onOpened(ticket: CreatedTicket): void;
  onConflict(action: ConflictAction): void;
  onClose(): void;
}

function OpenTicketForm(props: FormProps) {
  const { contact, myUserId, admin, connections, queues, loading, failed } = props;
  const { t } = useTranslation(NS);
  const [connectionId, setConnectionId] = useState<number | null>(null);
  // undefined until the user picks; null is 'no queue' chosen on purpose.
  const [queueId, setQueueId] = useState<number | null | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  if (loading) return <LoadingState label={t('ticket.loading')} />;
  if (failed || !connections || !queues) return <ErrorCard message={t('ticket.loadFailed')} onRetry={props.retry} />;

  const chosenConnection = connectionId ?? defaultConnectionId(connections, props.userConnectionId);
  const chosenQueue = queueId !== undefined ? queueId : queues.length === 1 ? queues[0].id : null;
  const queueError = submitted && !admin && !chosenQueue ? t('ticket.selectQueue') : undefined;
  const channel = t(`channels.${contact.channel}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!chosenConnection || (!admin && !chosenQueue)) return;
    setBusy(true);
    try {
      props.onOpened(await createTicket({ contactId: contact.id, whatsappId: chosenConnection, queueId: chosenQueue, userId: myUserId }));
    } catch (err) {
      const ticket = conflictTicketOf(errorBodyOf(err));
      if (ticket) props.onConflict(conflictAction(ticket, myUserId));
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogBody>
        <p>
          {t('ticket.contact')}: <strong>{contact.name}</strong>
        </p>
        {connections.length === 0 ? (
          <Callout intent={Intent.WARNING} icon="warning-sign">
            {t('ticket.noConnections', { channel })}
          </Callout>
        ) : (
          <FormGroup label={t('ticket.connection')} labelFor="open-ticket-connection">
            <HTMLSelect
              id="open-ticket-connection"
              fill
              value={chosenConnection ?? ''}
              onChange={(e) => setConnectionId(Number(e.currentTarget.value) || null)}
              options={connections.map((c) => ({ value: c.id, label: c.name }))}
            />
          </FormGroup>
        )}
        <FormGroup label={t('ticket.queue')} labelFor="open-ticket-queue" labelInfo={admin ? undefined : '*'} intent={queueError ? Intent.DANGER : Intent.NONE} helperText={queueError}>
          <HTMLSelect
            id="open-ticket-queue"
            fill
            value={chosenQueue ?? ''}
            onChange={(e) => setQueueId(Number(e.currentTarget.value) || null)}
            options={[{ value: '', label: admin ? t('ticket.noQueue') : t('ticket.selectQueue') }, ...queues.map((q) => ({ value: q.id, label: q.name }))]}
            aria-invalid={!!queueError || undefined}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={props.onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text={t('ticket.open')} loading={busy} disabled={connections.length === 0} data-testid="open-ticket-submit" />
          </>
        }
      />
    </form>
  );
}

/** The info modal: the contact's ticket is held by another user (inbox.md §2, §4). */
export function TicketInfoDialog({ info, onClose }: { info: Extract<ConflictAction, { kind: 'info' }> | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  return (
    <Dialog isOpen={info !== null} onClose={onClose} title={t('ticket.infoTitle')} icon="info-sign">
      <DialogBody>
        <p data-testid="ticket-info-message">
          {info && t('ticket.infoMessage', { user: info.userName ?? t('ticket.nobody'), queue: info.queueName ?? t('ticket.noQueue') })}
        </p>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t('actions.close')} onClick={onClose} autoFocus />} />
    </Dialog>
  );
}
