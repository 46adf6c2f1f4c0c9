import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Dialog, useTranslation } from '@guiche/web-sdk';
import type { ConflictTicket } from '../api/types.js';
import { TICKETS_NS } from '../i18n/register.js';

/** The ticket is already handled by another user (and queue): say who (inbox.md §2 info modal, §4). */
export function TicketInfoModal({ conflict, onClose }: { conflict: ConflictTicket | null; onClose(): void }) {
  const { t } = useTranslation(TICKETS_NS);
  let text = '';
  if (conflict) {
    const queue = conflict.queue?.name;
    if (conflict.userId === null) text = queue ? t('info.pendingText', { queue }) : t('info.pendingNoQueue');
    else {
      const owner = conflict.user?.name ?? t('info.unknownUser');
      text = queue ? t('info.text', { user: owner, queue }) : t('info.textNoQueue', { user: owner });
    }
  }
  return (
    <Dialog isOpen={conflict !== null} onClose={onClose} title={t('info.title')} icon="info-sign">
      <DialogBody>
        <p data-testid="ticket-info-text">{text}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={t('info.close')} onClick={onClose} autoFocus />} />
    </Dialog>
  );
}
