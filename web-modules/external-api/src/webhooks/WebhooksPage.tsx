import { Button, Callout, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { WebhookSubscription } from '@guiche/contracts';
import { ConfirmDialog, EmptyState, ErrorCard, formatDateTime, isAdmin, LoadingState, PageHeader, toastError, toastSuccess, useConfirmedAction, useSession, useTranslation } from '@guiche/web-sdk';
import { createWebhook, deleteWebhook, updateWebhook } from './api';
import { DeliveryLog } from './DeliveryLog';
import { webhookKeys, useWebhooks } from './hooks';
import { SecretDialog } from './SecretDialog';
import { WebhookDialog, type WebhookFormValues } from './WebhookDialog';
import { NS } from '../i18n/register';

/** A subscription the server switched off after a run of failed deliveries: the admins' notice. */
function DisabledNotice({ webhook, onEnable }: { webhook: WebhookSubscription; onEnable(): void }) {
  const { t } = useTranslation(NS);
  return (
    <Callout intent={Intent.DANGER} icon="warning-sign" data-testid="webhook-disabled-notice" style={{ marginBottom: 8 }}>
      {t('webhooks.disabledNotice', { url: webhook.url, failures: webhook.consecutiveFailures, since: webhook.failingSince ? formatDateTime(webhook.failingSince) : '—' })}{' '}
      <Button size="small" intent={Intent.PRIMARY} text={t('webhooks.actions.enable')} onClick={onEnable} />
    </Callout>
  );
}

/** /messages-api/webhooks: the company's webhook subscriptions (admins of plans with useExternalApi). */
export default function WebhooksPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const list = useWebhooks();
  const [form, setForm] = useState<{ webhook?: WebhookSubscription } | null>(null);
  const [secretOf, setSecretOf] = useState<{ id: number; fresh?: string } | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.list });
  const deletion = useConfirmedAction(
    async (w: WebhookSubscription) => {
      await deleteWebhook(w.id);
      await refresh();
    },
    () => t('webhooks.deleted'),
  );
  if (!user) return <Navigate to="/login" replace />;
  if (!isAdmin(user)) return <Navigate to="/" replace />;

  const save = async (values: WebhookFormValues) => {
    if (form?.webhook) {
      await updateWebhook(form.webhook.id, values);
      toastSuccess(t('webhooks.saved'));
    } else {
      const created = await createWebhook(values);
      setSecretOf({ id: created.webhook.id, fresh: created.secret });
    }
    await refresh();
  };
  const setEnabled = async (w: WebhookSubscription, enabled: boolean) => {
    try {
      await updateWebhook(w.id, { enabled });
      await refresh();
    } catch (err) {
      toastError(err);
    }
  };
  const webhooks = list.data?.webhooks ?? [];

  return (
    <div className="mapi-page" data-testid="webhooks-page">
      <PageHeader title={t('webhooks.title')} count={list.data ? webhooks.length : undefined}>
        <Button intent={Intent.PRIMARY} icon="add" text={t('webhooks.actions.add')} data-testid="webhook-add" onClick={() => setForm({})} />
      </PageHeader>
      <p>{t('webhooks.intro')}</p>
      {webhooks.filter((w) => w.disabledReason === 'failures').map((w) => (
        <DisabledNotice key={w.id} webhook={w} onEnable={() => void setEnabled(w, true)} />
      ))}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorCard error={list.error} onRetry={() => void list.refetch()} />
      ) : !webhooks.length ? (
        <EmptyState icon="send-to" title={t('webhooks.empty')} description={t('webhooks.emptyHint')} />
      ) : (
        <HTMLTable striped style={{ width: '100%' }} data-testid="webhooks-table">
          <thead>
            <tr>
              <th>{t('webhooks.columns.url')}</th>
              <th>{t('webhooks.columns.events')}</th>
              <th>{t('webhooks.columns.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {webhooks.map((w) => (
              <tr key={w.id} data-testid="webhook-row">
                <td style={{ wordBreak: 'break-all' }}>{w.url}</td>
                <td>
                  {w.events.map((e) => (
                    <Tag key={e} minimal style={{ margin: 2 }}>
                      {t(`webhooks.events.${e}`)}
                    </Tag>
                  ))}
                </td>
                <td>
                  <Tag intent={w.enabled ? Intent.SUCCESS : Intent.NONE}>{w.enabled ? t('webhooks.status.on') : w.disabledReason === 'failures' ? t('webhooks.status.failing') : t('webhooks.status.off')}</Tag>
                </td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  <Button variant="minimal" icon="history" text={t('webhooks.actions.log')} data-testid="webhook-log-open" onClick={() => setLogOf(w)} />
                  <Button variant="minimal" icon="key" text={t('webhooks.actions.secret')} onClick={() => setSecretOf({ id: w.id })} />
                  <Button variant="minimal" icon={w.enabled ? 'pause' : 'play'} aria-label={w.enabled ? t('webhooks.actions.disable') : t('webhooks.actions.enable')} title={w.enabled ? t('webhooks.actions.disable') : t('webhooks.actions.enable')} onClick={() => void setEnabled(w, !w.enabled)} />
                  <Button variant="minimal" icon="edit" aria-label={t('webhooks.actions.edit')} title={t('webhooks.actions.edit')} onClick={() => setForm({ webhook: w })} />
                  <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={t('webhooks.actions.delete')} title={t('webhooks.actions.delete')} onClick={() => deletion.ask(w)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <WebhookDialog isOpen={form !== null} webhook={form?.webhook} onSubmit={save} onClose={() => setForm(null)} />
      <SecretDialog key={secretOf?.id ?? 0} webhookId={secretOf?.id ?? null} fresh={secretOf?.fresh} onClose={() => setSecretOf(null)} />
      <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDialog {...deletion.dialogProps} title={t('webhooks.deleteTitle')}>
        <p>{t('webhooks.deleteMessage', { url: deletion.target?.url ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
