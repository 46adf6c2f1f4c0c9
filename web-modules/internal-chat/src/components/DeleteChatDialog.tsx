import type { Chat } from '@guiche/contracts';
import { ConfirmDialog, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';

interface Props {
  chat: Chat | null;
  deleting: boolean;
  onConfirm(chat: Chat): void;
  onClose(): void;
}

/** Owner-only delete, after confirming that it cannot be reverted. */
export function DeleteChatDialog({ chat, deleting, onConfirm, onClose }: Props) {
  const { t } = useTranslation(NS);
  return (
    <ConfirmDialog
      isOpen={chat !== null}
      title={t('remove.title')}
      confirmLabel={t('remove.confirm')}
      loading={deleting}
      onConfirm={() => chat && onConfirm(chat)}
      onClose={onClose}
    >
      <p>{t('remove.message', { title: chat?.title ?? '' })}</p>
    </ConfirmDialog>
  );
}
