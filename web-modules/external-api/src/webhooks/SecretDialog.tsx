import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { ConfirmDialog, Dialog, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { revealSecret, rotateSecret } from './api';
import { NS } from '../i18n/register';

const HIDDEN = '••••••••••••••••••••••••';

/**
 * The signing secret of a subscription: hidden until revealed, copyable, rotatable after a
 * confirmation. `fresh` is the secret the creation just answered (shown at once, with a notice).
 */
export function SecretDialog({ webhookId, fresh, onClose }: { webhookId: number | null; fresh?: string; onClose(): void }) {
  const { t } = useTranslation(NS);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const shown = secret ?? fresh ?? null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const reveal = () => run(async () => setSecret(await revealSecret(webhookId!)));
  const rotate = () =>
    run(async () => {
      setSecret(await rotateSecret(webhookId!));
      setConfirming(false);
      toastSuccess(t('webhooks.secret.rotated'));
    });
  const copy = () =>
    run(async () => {
      await navigator.clipboard.writeText(shown ?? (await revealSecret(webhookId!)));
      toastSuccess(t('webhooks.secret.copied'));
    });
  const close = () => {
    setSecret(null);
    onClose();
  };

  return (
    <>
      <Dialog isOpen={webhookId !== null} onClose={close} title={t('webhooks.secret.title')} icon="key" style={{ width: 560, maxWidth: '95vw' }}>
        <DialogBody>
          {fresh && !secret && (
            <Callout intent={Intent.WARNING} icon="info-sign" style={{ marginBottom: 12 }}>
              {t('webhooks.secret.fresh')}
            </Callout>
          )}
          <p>{t('webhooks.secret.help')}</p>
          <InputGroup readOnly data-testid="webhook-secret" value={shown ?? HIDDEN} style={{ fontFamily: 'monospace' }} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button icon="refresh" intent={Intent.DANGER} text={t('webhooks.secret.rotate')} disabled={busy} onClick={() => setConfirming(true)} />
              {!shown && <Button icon="eye-open" text={t('webhooks.secret.reveal')} loading={busy} onClick={() => void reveal()} data-testid="webhook-secret-reveal" />}
              <Button icon="duplicate" text={t('webhooks.secret.copy')} disabled={busy} onClick={() => void copy()} />
              <Button intent={Intent.PRIMARY} text={t('webhooks.actions.close')} onClick={close} />
            </>
          }
        />
      </Dialog>
      <ConfirmDialog isOpen={confirming} title={t('webhooks.secret.rotateTitle')} confirmLabel={t('webhooks.secret.rotate')} loading={busy} onConfirm={() => void rotate()} onClose={() => setConfirming(false)}>
        <p>{t('webhooks.secret.rotateMessage')}</p>
      </ConfirmDialog>
    </>
  );
}
