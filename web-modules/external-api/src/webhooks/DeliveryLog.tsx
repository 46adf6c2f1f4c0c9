import { Button, DialogBody, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { WebhookAttempt, WebhookSubscription } from '@guiche/contracts';
import { Dialog, EmptyState, ErrorCard, formatDateTime, LoadingState, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { pingWebhook, redeliver } from './api';
import { useAttempts } from './hooks';
import { NS } from '../i18n/register';

function StatusTag({ attempt }: { attempt: WebhookAttempt }) {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <Tag minimal intent={ok ? Intent.SUCCESS : Intent.DANGER} title={attempt.error ?? undefined}>
      {attempt.statusCode ?? attempt.error ?? '—'}
    </Tag>
  );
}

/** The delivery log of one subscription (newest first, live), with the test ping and redeliver. */
export function DeliveryLog({ webhook, onClose }: { webhook: WebhookSubscription | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const attempts = useAttempts(webhook?.id ?? null);
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      toastSuccess(done);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog isOpen={webhook !== null} onClose={onClose} title={t('webhooks.log.title', { url: webhook?.url ?? '' })} icon="history" style={{ width: 960, maxWidth: '95vw' }}>
      <DialogBody>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
          <Button icon="send-message" text={t('webhooks.actions.ping')} loading={busy === 'ping'} data-testid="webhook-ping" onClick={() => void act('ping', () => pingWebhook(webhook!.id), t('webhooks.log.pinged'))} />
        </div>
        {attempts.isPending ? (
          <LoadingState />
        ) : attempts.isError ? (
          <ErrorCard error={attempts.error} />
        ) : !attempts.data?.length ? (
          <EmptyState icon="history" title={t('webhooks.log.empty')} description={t('webhooks.log.emptyHint')} />
        ) : (
          <HTMLTable compact striped style={{ width: '100%' }} data-testid="webhook-log">
            <thead>
              <tr>
                <th>{t('webhooks.log.when')}</th>
                <th>{t('webhooks.log.event')}</th>
                <th>{t('webhooks.log.attempt')}</th>
                <th>{t('webhooks.log.status')}</th>
                <th>{t('webhooks.log.duration')}</th>
                <th>{t('webhooks.log.response')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {attempts.data.map((a) => (
                <tr key={a.id} data-testid="webhook-log-row">
                  <td>{formatDateTime(a.createdAt)}</td>
                  <td>
                    <code>{a.type}</code>
                  </td>
                  <td>{a.attempt}</td>
                  <td>
                    <StatusTag attempt={a} />
                  </td>
                  <td>{t('webhooks.log.ms', { ms: a.durationMs })}</td>
                  <td>
                    <code className="mapi-response" title={a.response}>
                      {a.response.slice(0, 120) || '—'}
                    </code>
                  </td>
                  <td>
                    <Button size="small" variant="minimal" icon="repeat" text={t('webhooks.actions.redeliver')} loading={busy === `r${a.id}`} onClick={() => void act(`r${a.id}`, () => redeliver(webhook!.id, a.deliveryId), t('webhooks.log.redelivered'))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
}
