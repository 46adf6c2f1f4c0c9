import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { Connection } from '@guiche/contracts';
import { ConfirmDialog, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { fetchApiToken, regenerateApiToken } from './api-token-api.js';
import { API_TOKEN_NS } from './register.js';
import { showsApiToken } from './visibility.js';

const MASK = '•'.repeat(30);

/**
 * The connection's API token in its dialog (issue #29): masked until revealed, copyable, and
 * regenerated after a confirmation (the old token is refused at once).
 */
export function ApiTokenPanel({ connection }: { connection?: Connection }) {
  const { t } = useTranslation(API_TOKEN_NS);
  const { user, planFlags } = useSession();
  const [token, setToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!showsApiToken(connection, user, planFlags)) return null;
  const id = connection!.id;

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
  const reveal = () => run(async () => setToken(await fetchApiToken(id)));
  const copy = () =>
    run(async () => {
      const value = token ?? (await fetchApiToken(id));
      await navigator.clipboard?.writeText(value).catch(() => undefined);
      toastSuccess(t('copied'));
    });
  const regenerate = () =>
    run(async () => {
      setToken(await regenerateApiToken(id));
      setConfirming(false);
      toastSuccess(t('regenerated'));
    });

  return (
    <div data-testid="cn-api-token-panel">
      <FormGroup label={t('title')} labelFor="cn-api-token" helperText={t('help')}>
        <div className="cx-file-row">
          <InputGroup
            id="cn-api-token"
            readOnly
            fill
            data-testid="cn-api-token"
            value={token ?? MASK}
            style={{ fontFamily: 'monospace' }}
            rightElement={
              <Button
                variant="minimal"
                icon={token ? 'eye-off' : 'eye-open'}
                aria-label={token ? t('hide') : t('reveal')}
                title={token ? t('hide') : t('reveal')}
                loading={busy && !token}
                data-testid="cn-api-token-reveal"
                onClick={() => (token ? setToken(null) : void reveal())}
              />
            }
          />
          <Button icon="duplicate" text={t('copy')} disabled={busy} onClick={() => void copy()} data-testid="cn-api-token-copy" />
          <Button icon="refresh" intent={Intent.DANGER} text={t('regenerate')} disabled={busy} onClick={() => setConfirming(true)} data-testid="cn-api-token-regenerate" />
        </div>
        <ConfirmDialog
          isOpen={confirming}
          title={t('regenerateTitle')}
          confirmLabel={t('regenerate')}
          loading={busy}
          onConfirm={() => void regenerate()}
          onClose={() => setConfirming(false)}
        >
          <p>{t('regenerateMessage')}</p>
        </ConfirmDialog>
      </FormGroup>
    </div>
  );
}
