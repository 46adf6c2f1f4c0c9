import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { ConfirmDialog, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { rotateWebhookSecret } from '../api';
import { NS } from '../i18n/register';

const HIDDEN = '••••••••••••••••••••••••';

/**
 * The signing secret of the flow's webhook: shown once, right after it was generated, copyable;
 * a new one only after a confirmation (the old one — or, on a flow made before signing, the
 * unsigned URL — stops starting the flow at once). A flow without one is warned about.
 */
export function WebhookSecret({ flowId, signed }: { flowId: number; signed: boolean }) {
  const { t } = useTranslation(NS);
  const [fresh, setFresh] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const hasSecret = signed || fresh !== null;

  async function generate() {
    setBusy(true);
    try {
      setFresh(await rotateWebhookSecret(flowId));
      setConfirming(false);
      toastSuccess(t('hookSecret.generated'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(fresh ?? '');
      toastSuccess(t('hookSecret.copied'));
    } catch (err) {
      toastError(err);
    }
  }

  return (
    <div className="fb-hook-secret" data-testid="fb-hook-secret">
      {!hasSecret && (
        <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="fb-hook-unsigned">
          {t('hookSecret.unsigned')}
        </Callout>
      )}
      {fresh && (
        <Callout intent={Intent.WARNING} icon="info-sign">
          {t('hookSecret.fresh')}
        </Callout>
      )}
      <div className="fb-hook-secret-row">
        {hasSecret && <InputGroup readOnly aria-label={t('hookSecret.label')} value={fresh ?? HIDDEN} style={{ fontFamily: 'monospace' }} fill data-testid="fb-hook-secret-value" />}
        {fresh && <Button icon="duplicate" text={t('hookSecret.copy')} onClick={() => void copy()} />}
        <Button
          icon="refresh"
          intent={hasSecret ? Intent.DANGER : Intent.PRIMARY}
          text={t(hasSecret ? 'hookSecret.rotate' : 'hookSecret.generate')}
          disabled={busy}
          onClick={() => setConfirming(true)}
          data-testid="fb-hook-secret-generate"
        />
      </div>
      <p className="fb-hint">{t('hookSecret.help')}</p>
      <ConfirmDialog
        isOpen={confirming}
        title={t(hasSecret ? 'hookSecret.rotate' : 'hookSecret.generate')}
        confirmLabel={t(hasSecret ? 'hookSecret.rotate' : 'hookSecret.generate')}
        loading={busy}
        onConfirm={() => void generate()}
        onClose={() => setConfirming(false)}
      >
        <p>{t(hasSecret ? 'hookSecret.rotateMessage' : 'hookSecret.generateMessage')}</p>
      </ConfirmDialog>
    </div>
  );
}
