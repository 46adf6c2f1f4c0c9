import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { ConfirmDialog, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { rotateSecret } from '../api';
import { NS } from '../i18n/register';

const HIDDEN = '••••••••••••••••••••••••';

/**
 * The signing secret of an N8N / webhook integration (issue #29): shown once — right after it was
 * made (`fresh`) or rotated — copyable, and rotatable after a confirmation; hidden otherwise.
 */
export function SigningSecret({ integrationId, fresh }: { integrationId?: number; fresh?: string }) {
  const { t } = useTranslation(NS);
  const [rotated, setRotated] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = rotated ?? fresh ?? null;

  async function rotate() {
    setBusy(true);
    try {
      setRotated(await rotateSecret(integrationId!));
      setConfirming(false);
      toastSuccess(t('secret.rotated'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(shown ?? '');
      toastSuccess(t('secret.copied'));
    } catch (err) {
      toastError(err);
    }
  }

  return (
    <FormGroup label={t('secret.label')} labelFor="integration-secret" helperText={t('secret.help')}>
      {!integrationId ? (
        <p className="qi-secret-later" data-testid="integration-secret-later">{t('secret.afterSave')}</p>
      ) : (
        <>
          {shown && (
            <Callout intent={Intent.WARNING} icon="info-sign" className="qi-secret-notice">
              {t('secret.fresh')}
            </Callout>
          )}
          <div className="qi-test">
            <InputGroup id="integration-secret" readOnly data-testid="integration-secret" value={shown ?? HIDDEN} style={{ fontFamily: 'monospace' }} fill />
            {shown && <Button icon="duplicate" text={t('secret.copy')} onClick={() => void copy()} data-testid="integration-secret-copy" />}
            <Button icon="refresh" intent={Intent.DANGER} text={t('secret.rotate')} disabled={busy} onClick={() => setConfirming(true)} data-testid="integration-secret-rotate" />
          </div>
        </>
      )}
      <ConfirmDialog isOpen={confirming} title={t('secret.rotateTitle')} confirmLabel={t('secret.rotate')} loading={busy} onConfirm={() => void rotate()} onClose={() => setConfirming(false)}>
        <p>{t('secret.rotateMessage')}</p>
      </ConfirmDialog>
    </FormGroup>
  );
}
