import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Dialog, useTranslation } from '@guiche/web-sdk';
import type { Ticket } from '../api/types.js';
import { QueueSelect } from '../components/QueueSelect.js';
import { useQueueChoices } from '../hooks/useQueueChoices.js';
import { useTicketActions } from '../hooks/useTicketActions.js';
import { TICKETS_NS } from '../i18n/register.js';

/** Accepting a pending ticket without a queue: choose one first (inbox.md §4, §5 'Accept dialog needs a queue'). */
export function AcceptTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose(): void }) {
  const { t } = useTranslation(TICKETS_NS);
  const { queues } = useQueueChoices();
  const actions = useTicketActions();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setQueueId(null);
    setTouched(false);
  }, [ticket?.id]);

  const error = touched && !queueId ? t('accept.queueRequired') : null;
  const submit = async () => {
    setTouched(true);
    if (!ticket || !queueId) return;
    setBusy(true);
    const ok = await actions.accept(ticket, queueId);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <Dialog isOpen={ticket !== null} onClose={onClose} title={t('accept.title')} icon="tick-circle">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          <p>{t('accept.text')}</p>
          <QueueSelect
            id="accept-queue"
            label={t('accept.queue')}
            placeholder={t('accept.queuePlaceholder')}
            queues={queues}
            value={queueId}
            error={error}
            onChange={(v) => {
              setQueueId(v);
              setTouched(true);
            }}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('accept.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('accept.confirm')} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
