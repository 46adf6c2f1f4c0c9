import { Button, Callout, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Dialog, useTranslation } from '@guiche/web-sdk';
import { ClosingReasonSelect, useCloseReasonRequired } from '../../closing-reasons/components/ClosingReasonSelect.js';
import { useCloseAll } from '../hooks/useCloseAll.js';
import type { CloseAllStatus } from '../lib/close-all.js';
import { TICKETS_NS } from '../i18n/register.js';

interface Props {
  isOpen: boolean;
  status: CloseAllStatus;
  /** The tab's name as the list shows it. */
  tabLabel: string;
  queueIds: number[];
  queueNames: string[];
  onClose(): void;
}

/**
 * Confirms close-all (inbox.md §6 tickets-manager:closeAll): how many tickets of the tab, in which
 * queues, and what happens to them; busy and not dismissable while the server closes them.
 */
export function CloseAllDialog({ isOpen, status, tabLabel, queueIds, queueNames, onClose }: Props) {
  const { t } = useTranslation(TICKETS_NS);
  const { count, close } = useCloseAll(status, queueIds, isOpen);
  const running = close.isPending;
  // One closing reason for all of them (issue #33), asked once.
  const [closeReasonId, setCloseReasonId] = useState<number | null>(null);
  const reasonRequired = useCloseReasonRequired();
  useEffect(() => {
    if (isOpen) setCloseReasonId(null);
  }, [isOpen]);
  const queues = queueNames.join(', ');
  const total = count.data?.count ?? 0;
  const dismiss = () => {
    if (!running) onClose();
  };

  let summary;
  if (count.isPending) {
    summary = (
      <p role="status" className="tk-close-all__counting">
        <Spinner size={16} /> {t('closeAll.counting')}
      </p>
    );
  } else if (count.isError) {
    summary = (
      <Callout intent={Intent.DANGER} icon="error">
        {t('closeAll.countError')} <Button variant="minimal" size="small" text={t('closeAll.retry')} onClick={() => void count.refetch()} />
      </Callout>
    );
  } else if (total === 0) {
    summary = <p data-testid="close-all-summary">{t('closeAll.none', { tab: tabLabel, queues })}</p>;
  } else {
    summary = (
      <p data-testid="close-all-summary">
        {count.data?.more ? t('closeAll.textMore', { count: total, tab: tabLabel, queues }) : t('closeAll.text', { count: total, tab: tabLabel, queues })}
      </p>
    );
  }

  return (
    <Dialog isOpen={isOpen} onClose={dismiss} title={t('closeAll.title')} icon="remove" canEscapeKeyClose={!running} canOutsideClickClose={!running} isCloseButtonShown={!running}>
      <DialogBody>
        {summary}
        <p className="bp6-text-muted">{t('closeAll.effect')}</p>
        {isOpen && total > 0 && <ClosingReasonSelect id="close-all-reason" value={closeReasonId} onChange={setCloseReasonId} required={reasonRequired} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('closeAll.cancel')} onClick={dismiss} disabled={running} />
            <Button
              intent={Intent.DANGER}
              icon="remove"
              text={t('closeAll.confirm')}
              loading={running}
              disabled={!count.isSuccess || total === 0 || (reasonRequired && closeReasonId === null)}
              onClick={() => close.mutate(closeReasonId, { onSuccess: onClose })}
              data-testid="close-all-confirm"
            />
          </>
        }
      />
    </Dialog>
  );
}
