import { Button, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { contactNumberText, Dialog, isAdmin, toastSuccess, useFocusAfterSave, useSession, useTranslation } from '@guiche/web-sdk';
import { createTicket } from '../api/tickets-api.js';
import type { ContactOption } from '../api/types.js';
import { QueueSelect } from '../components/QueueSelect.js';
import { SearchSuggest } from '../components/SearchSuggest.js';
import { useQueueChoices } from '../hooks/useQueueChoices.js';
import { useConnections, useContactSearch } from '../hooks/useReferenceData.js';
import { useTicketActions } from '../hooks/useTicketActions.js';
import { useTicketUi } from '../hooks/ticket-ui-context.js';
import { TICKETS_NS } from '../i18n/register.js';

/**
 * New ticket (inbox.md §5): contact searched from 3 characters (500 ms debounce); a queue is
 * required unless admin ('Selecione uma fila'); OK needs a chosen contact. A 409 opens the
 * caller's own ticket or shows who holds it.
 */
export function NewTicketDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(TICKETS_NS);
  const { user } = useSession();
  const admin = isAdmin(user);
  const { queues } = useQueueChoices();
  const connections = useConnections(isOpen);
  const actions = useTicketActions();
  const ui = useTicketUi();
  const navigate = useNavigate();
  const focus = useFocusAfterSave();
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setContact(null);
    setQueueId(user?.queues.length === 1 ? user.queues[0]!.id : null);
    setWhatsappId(user?.whatsappId ?? null);
    setTouched(false);
  }, [isOpen, user]);

  const queueError = touched && !admin && !queueId ? t('newTicket.queueRequired') : null;
  const contactError = touched && !contact ? t('newTicket.contactRequired') : null;

  const submit = async () => {
    setTouched(true);
    if (!user || !contact || (!admin && !queueId)) return;
    setBusy(true);
    try {
      const ticket = await createTicket({ contactId: contact.id, queueId, whatsappId, userId: user.id, status: 'open' });
      toastSuccess(t('newTicket.created'));
      ui.showAssignedTab();
      // The "new" button stays on screen: giving it the focus back would take it from the ticket.
      focus.leaveTo();
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      actions.handleError(err);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('newTicket.title')} icon="add" {...focus.dialogProps}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          <FormGroup
            label={t('newTicket.contact')}
            labelFor="new-ticket-contact"
            intent={contactError ? Intent.DANGER : Intent.NONE}
            helperText={contactError ?? t('newTicket.contactHint')}
          >
            <SearchSuggest<ContactOption>
              id="new-ticket-contact"
              placeholder={t('newTicket.contactPlaceholder')}
              selected={contact}
              useResults={useContactSearch}
              describe={(c) => contactNumberText(c) || undefined}
              noResults={t('newTicket.noContacts')}
              searching={t('newTicket.searching')}
              hint={t('newTicket.contactPlaceholder')}
              invalid={Boolean(contactError)}
              onSelect={setContact}
            />
          </FormGroup>
          <QueueSelect
            id="new-ticket-queue"
            label={t('newTicket.queue')}
            placeholder={t('newTicket.queuePlaceholder')}
            noQueueLabel={admin ? t('newTicket.noQueueOption') : undefined}
            queues={queues}
            value={queueId}
            error={queueError}
            onChange={setQueueId}
          />
          {(connections.data?.length ?? 0) > 1 && (
            <FormGroup label={t('newTicket.connection')} labelFor="new-ticket-connection">
              <HTMLSelect
                id="new-ticket-connection"
                fill
                value={whatsappId === null ? '' : String(whatsappId)}
                onChange={(e) => setWhatsappId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              >
                <option value="">{t('newTicket.defaultConnection')}</option>
                {connections.data!.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('newTicket.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('newTicket.ok')} loading={busy} disabled={!contact} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
