import { Button, PopoverNext } from '@blueprintjs/core';
import { EmptyState, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** Unread tickets (the inbox fills this in later); for now it says there is nothing. */
export function NotificationsPopover() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <div className="notifications-popover">
          <EmptyState icon="notifications" title={t('topBar.noNotifications')} description={t('topBar.noNotificationsHint')} />
        </div>
      }
    >
      <Button minimal icon="notifications" aria-label={t('topBar.notifications')} title={t('topBar.notifications')} />
    </PopoverNext>
  );
}
