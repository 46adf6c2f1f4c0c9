import { AnchorButton, Button, Card, Intent, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import type { Connection, ConnectionChannel } from '@guiche/contracts';
import { ConfirmDialog, EmptyState, ErrorCard, LoadingState, PageHeader, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { AccessRestricted } from '../../../routing/AccessRestricted.js';
import '../connections.css';
import { channelIcon } from '../components/ChannelIcon.js';
import { ConnectionDialog, type ConnectionSave } from '../components/ConnectionDialog.js';
import { ConnectionsTable } from '../components/ConnectionsTable.js';
import { ConnectionAlertList, FlappingList } from '../components/ConnectionAlerts.js';
import { useConnectionAlerts } from '../hooks/useConnectionAlerts.js';
import { ImportProgressCard } from '../components/ImportProgressCard.js';
import { QrCodeDialog } from '../components/QrCodeDialog.js';
import { useConnectionEvents, useConnectionList, useConnectionMutations } from '../hooks/useConnections.js';
import { useImportProgress } from '../hooks/useImportProgress.js';
import { NS } from '../i18n/register.js';
import { channelAllowed, NEW_CONNECTION_CHANNELS, type SessionAction } from '../lib/status.js';
import { startFacebookLogin } from '../meta/start-facebook-login.js';
import { supportChatUrl } from '../../../session/support.js';

type FormState = { mode: 'new'; channel: ConnectionChannel } | { mode: 'edit'; id: number } | null;
type Confirm = { kind: 'delete' | 'disconnect'; connection: Connection } | null;

/** /connections (account-admin.md §2 Connections page, §4 Connection status). */
export default function ConnectionsPage() {
  const { t } = useTranslation(NS);
  const { user, planFlags } = useSession();
  const manager = user?.profile === 'admin' || Boolean(user?.allowConnections);
  const list = useConnectionList(manager);
  useConnectionEvents(manager);
  const alerts = useConnectionAlerts(manager);
  const mutations = useConnectionMutations();
  const { refresh } = mutations;
  const progress = useImportProgress(useCallback(() => void refresh(), [refresh]));
  const [form, setForm] = useState<FormState>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState<{ id: number; action: SessionAction } | null>(null);

  // account-admin.md §2: 'call support' opens the support chat the login page links to; none configured, no button.
  const supportUrl = supportChatUrl(t('actions.supportMessage'));
  const connections = list.data ?? [];
  const editing = form?.mode === 'edit' ? connections.find((c) => c.id === form.id) : undefined;
  const qrConnection = qrFor === null ? null : (connections.find((c) => c.id === qrFor) ?? null);
  const closeQr = useCallback(() => setQrFor(null), []);

  if (!manager) return <AccessRestricted access="connections" />;

  const session = async (connection: Connection, action: SessionAction) => {
    if (action === 'qrcode') return setQrFor(connection.id);
    if (action === 'disconnect') return setConfirm({ kind: 'disconnect', connection });
    if (action === 'connecting') return;
    setBusy({ id: connection.id, action });
    try {
      if (action === 'retry') await mutations.start.mutateAsync(connection.id);
      else if (action === 'closeImported') {
        const { closed } = await mutations.closeImported.mutateAsync(connection.id);
        toastSuccess(t('import.closed', { count: closed }));
      } else {
        await mutations.newQr.mutateAsync(connection.id);
        // The new code shows in the dialog as soon as the session reports it.
        setQrFor(connection.id);
      }
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const confirmed = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'delete') {
        await mutations.remove.mutateAsync(confirm.connection.id);
        toastSuccess(t('remove.done'));
      } else await mutations.disconnect.mutateAsync(confirm.connection.id);
      setConfirm(null);
    } catch (err) {
      toastError(err);
    }
  };

  const save = async ({ input, resetSession, media }: ConnectionSave): Promise<Connection> => {
    let saved: Connection;
    if (form?.mode === 'edit') {
      // account-admin.md §4: a CONNECTED connection that now imports old messages pairs again.
      if (resetSession) await mutations.disconnect.mutateAsync(form.id);
      saved = await mutations.update.mutateAsync({ id: form.id, input });
      if (resetSession) {
        saved = await mutations.newQr.mutateAsync(form.id);
        saved = { ...saved, status: 'qrcode' };
        mutations.setLocal(saved);
      }
    } else {
      saved = await mutations.create.mutateAsync({ channel: form?.mode === 'new' ? form.channel : 'whatsapp', input });
    }
    if (media) saved = await mutations.upload.mutateAsync({ id: saved.id, file: media });
    return saved;
  };

  const restart = async () => {
    try {
      await mutations.restart.mutateAsync();
      toastSuccess(t('actions.restarted'));
    } catch (err) {
      toastError(err);
    }
  };

  const newMenu = (
    <Menu aria-label={t('actions.newConnection')}>
      {NEW_CONNECTION_CHANNELS.map(({ channel, flag }) => {
        const allowed = channelAllowed(flag, planFlags);
        return (
          <MenuItem
            key={channel}
            icon={channelIcon(channel)}
            text={t(`channels.${channel}`)}
            disabled={!allowed}
            title={allowed ? undefined : t('channels.planDisabled')}
            labelElement={allowed ? undefined : <span className="cx-muted">{t('channels.planDisabled')}</span>}
            onClick={() => (channel === 'facebook' || channel === 'instagram' ? void startFacebookLogin(channel, refresh) : setForm({ mode: 'new', channel }))}
            data-testid={`new-connection-${channel}`}
          />
        );
      })}
    </Menu>
  );

  let body;
  if (list.status === 'pending') body = <LoadingState label={t('list.loading')} />;
  else if (list.status === 'error') body = <ErrorCard message={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (connections.length === 0) body = <EmptyState icon="link" title={t('list.empty')} description={t('list.emptyHint')} />;
  else
    body = (
      <div className="cx-scroll">
        <ConnectionAlertList alerts={alerts.data ?? []} testId="connections-page-alerts" />
        <FlappingList alerts={alerts.data ?? []} />
        <ConnectionsTable
          connections={connections}
          busy={busy}
          canEdit={manager}
          onSession={(c, a) => void session(c, a)}
          onEdit={(c) => setForm({ mode: 'edit', id: c.id })}
          onDelete={(c) => setConfirm({ kind: 'delete', connection: c })}
        />
      </div>
    );

  return (
    <div className="cx-page" data-testid="connections-page">
      <PageHeader title={t('title')} count={list.data ? connections.length : undefined}>
        <div className="cx-toolbar">
          <Button icon="refresh" text={t('actions.restart')} loading={mutations.restart.isPending} onClick={() => void restart()} data-testid="connections-restart" />
          {supportUrl && <AnchorButton icon="chat" text={t('actions.callSupport')} href={supportUrl} target="_blank" rel="noopener noreferrer" data-testid="connections-support" />}
          <Popover content={newMenu} placement="bottom-end">
            <Button icon="add" endIcon="caret-down" intent={Intent.PRIMARY} text={t('actions.newConnection')} data-testid="connections-new" />
          </Popover>
        </div>
      </PageHeader>
      {progress && <ImportProgressCard progress={progress} onRefresh={() => void list.refetch()} />}
      <Card className="cx-card" compact>
        {body}
      </Card>
      <ConnectionDialog
        isOpen={form !== null && (form.mode === 'new' || editing !== undefined)}
        channel={form?.mode === 'new' ? form.channel : (editing?.channel ?? 'whatsapp')}
        connection={editing}
        onSubmit={save}
        onRemoveMedia={(c) => mutations.removeMedia.mutateAsync(c.id)}
        onSaved={(saved) => {
          setForm(null);
          // A new WhatsApp connection (or one paired again for an import) shows its QR code next.
          if (saved.channel === 'whatsapp' && (form?.mode === 'new' || saved.status === 'qrcode')) setQrFor(saved.id);
        }}
        onClose={() => setForm(null)}
      />
      <QrCodeDialog connection={qrConnection} onClose={closeQr} />
      <ConfirmDialog
        isOpen={confirm !== null}
        title={confirm?.kind === 'disconnect' ? t('session.disconnectTitle', { name: confirm.connection.name }) : t('remove.title')}
        confirmLabel={confirm?.kind === 'disconnect' ? t('session.disconnect') : t('actions.delete')}
        loading={mutations.remove.isPending || mutations.disconnect.isPending}
        onConfirm={() => void confirmed()}
        onClose={() => setConfirm(null)}
      >
        <p>{confirm?.kind === 'disconnect' ? t('session.disconnectMessage') : t('remove.message', { name: confirm?.connection.name ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
