import { Button, Callout, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cloudTemplatesQueryKey, formatDateTime, isAdminOrSuper, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { fetchCloudTemplatesState, syncCloudTemplates } from './meta-api.js';
import { META_NS } from './register.js';

const stateKey = (id: number) => ['whatsappapi-templates-state', id] as const;

/**
 * The connection's message templates in its Cloud API panel (issue #29): how many are stored and
 * approved, when they were last read from Meta, and, for admins, "sync now" (POST
 * /whatsappapi/{id}/templates/sync) with its progress and a toast; every template picker of the
 * connection (the web SDK's useCloudTemplates) reads the new list afterwards.
 */
export function CloudTemplatesSync({ connectionId }: { connectionId: number }) {
  const { t } = useTranslation(META_NS);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: stateKey(connectionId), queryFn: () => fetchCloudTemplatesState(connectionId), retry: false });
  const [syncing, setSyncing] = useState(false);
  const admin = isAdminOrSuper(user);

  const sync = async () => {
    setSyncing(true);
    try {
      const counts = await syncCloudTemplates(connectionId);
      toastSuccess(t('cloud.templates.synced', { count: counts.templates, approved: t('cloud.templates.approved', { count: counts.approved }) }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stateKey(connectionId) }),
        queryClient.invalidateQueries({ queryKey: cloudTemplatesQueryKey(connectionId) }),
      ]);
    } catch (err) {
      toastError(err);
    } finally {
      setSyncing(false);
    }
  };

  const data = state.data;
  const approved = data?.templates.filter((tpl) => tpl.status === 'APPROVED').length ?? 0;
  return (
    <FormGroup label={t('cloud.templates.title')} className="cn-cloud-templates">
      <div data-testid="cloud-templates">
        {state.isLoading ? (
          <Spinner size={16} aria-label={t('cloud.templates.loading')} />
        ) : state.isError ? (
          <Callout intent={Intent.WARNING} compact>
            {t('cloud.templates.error')}
          </Callout>
        ) : (
          <p data-testid="cloud-templates-summary">
            {t('cloud.templates.summary', { count: data?.templates.length ?? 0, approved: t('cloud.templates.approved', { count: approved }) })}{' '}
            {data?.syncedAt ? t('cloud.templates.syncedAt', { at: formatDateTime(data.syncedAt) }) : t('cloud.templates.never')}
          </p>
        )}
        {admin && (
          <Button
            icon="refresh"
            text={syncing ? t('cloud.templates.syncing') : t('cloud.templates.sync')}
            loading={syncing}
            disabled={syncing}
            onClick={() => void sync()}
            data-testid="cloud-templates-sync"
          />
        )}
      </div>
    </FormGroup>
  );
}
