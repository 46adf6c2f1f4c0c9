import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.js';

export interface ConfirmDialogProps {
  isOpen: boolean;
  /** Defaults to 'Exclusão de Registro'. */
  title?: string;
  /** Defaults to 'Deseja realmente excluir esse registro?'. */
  children?: ReactNode;
  confirmLabel?: string;
  intent?: Intent;
  loading?: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({ isOpen, title, children, confirmLabel, intent = Intent.DANGER, loading, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title ?? t('common.deleteTitle')} icon="warning-sign">
      <DialogBody>{children ?? <p>{t('common.deleteMessage')}</p>}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button intent={intent} text={confirmLabel ?? t('common.confirm')} loading={loading} onClick={onConfirm} autoFocus />
          </>
        }
      />
    </Dialog>
  );
}
