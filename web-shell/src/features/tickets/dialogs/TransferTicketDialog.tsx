import { Button, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Dialog, useTranslation } from '@guiche/web-sdk';
import type { Ticket, UserOption } from '../api/types.js';
import { QueueSelect } from '../components/QueueSelect.js';
import { SearchSuggest } from '../components/SearchSuggest.js';
import { useQueues, useUserSearch } from '../hooks/useReferenceData.js';
import { useTicketActions } from '../hooks/useTicketActions.js';
import { TICKETS_NS } from '../i18n/register.js';

/**
 * Transfer (inbox.md §4, §5): a queue is required; a user (searched from 3 characters) makes it
 * theirs, no user leaves it pending in the queue. Also how a closed ticket without queue reopens.
 */
export function TransferTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose(): void }) {
  const { t } = useTranslation(TICKETS_NS);
  const queues = useQueues();
  const actions = useTicketActions();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [user, setUser] = useState<UserOption | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setQueueId(ticket?.queueId ?? null);
    setUser(null);
    setTouched(false);
  }, [ticket?.id, ticket?.queueId]);

  const useResults = (search: string) => {
    const result = useUserSearch(search);
    // Only people who work in the chosen queue may receive the ticket.
    const data = result.data?.filter((u) => !queueId || !u.queues || u.queues.some((q) => q.id === queueId));
    return { data, isFetching: result.isFetching };
  };

  const error = touched && !queueId ? t('transfer.queueRequired') : null;
  const submit = async () => {
    setTouched(true);
    if (!ticket || !queueId) return;
    setBusy(true);
    const done = await actions.transfer(ticket, queueId, user?.id ?? null);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Dialog isOpen={ticket !== null} onClose={onClose} title={t('transfer.title')} icon="exchange">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          <QueueSelect
            id="transfer-queue"
            label={t('transfer.queue')}
            placeholder={t('transfer.queuePlaceholder')}
            queues={queues.data ?? []}
            value={queueId}
            error={error}
            onChange={(v) => {
              setQueueId(v);
              setTouched(true);
            }}
          />
          <FormGroup label={t('transfer.user')} labelFor="transfer-user" helperText={t('transfer.userHint')}>
            <SearchSuggest<UserOption>
              id="transfer-user"
              placeholder={t('transfer.userPlaceholder')}
              selected={user}
              useResults={useResults}
              describe={(u) => u.queues?.map((q) => q.name).join(', ')}
              noResults={t('transfer.noUsers')}
              searching={t('transfer.searching')}
              hint={t('transfer.userPlaceholder')}
              onSelect={setUser}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('transfer.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('transfer.confirm')} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
