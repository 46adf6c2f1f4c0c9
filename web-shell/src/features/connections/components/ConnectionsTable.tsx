import { Button, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import type { Connection, ConnectionStatus } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { formatShortDateTime } from '../lib/format.js';
import { importButton } from '../lib/import-progress.js';
import { sessionActions, type SessionAction } from '../lib/status.js';
import { useRerenderAt } from '../hooks/useImportProgress.js';
import { ChannelIcon } from './ChannelIcon.js';

interface Props {
  connections: Connection[];
  /** The row whose session button is waiting for the server. */
  busy: { id: number; action: SessionAction } | null;
  canEdit: boolean;
  onSession(connection: Connection, action: SessionAction): void;
  onEdit(connection: Connection): void;
  onDelete(connection: Connection): void;
}

const STATUS_INTENT: Record<ConnectionStatus, Intent> = {
  CONNECTED: Intent.SUCCESS,
  qrcode: Intent.WARNING,
  PAIRING: Intent.WARNING,
  OPENING: Intent.PRIMARY,
  DISCONNECTED: Intent.DANGER,
  TIMEOUT: Intent.DANGER,
};

/** account-admin.md §2: channel, name, number, status, session, last update, default, actions. */
export function ConnectionsTable({ connections, busy, canEdit, onSession, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <HTMLTable className="cx-table" interactive striped aria-label={t('table.label')} data-testid="connections-table">
      <thead>
        <tr>
          <th className="cx-center">{t('table.channel')}</th>
          <th>{t('table.name')}</th>
          <th className="cx-hide-narrow">{t('table.number')}</th>
          <th>{t('table.status')}</th>
          <th>{t('table.session')}</th>
          <th className="cx-hide-narrow">{t('table.updatedAt')}</th>
          <th className="cx-center">{t('table.default')}</th>
          {canEdit && <th className="cx-actions">{t('table.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {connections.map((c) => (
          <tr key={c.id} data-testid="connection-row" data-connection-id={c.id} data-status={c.status}>
            <td className="cx-center">
              <ChannelIcon channel={c.channel} />
            </td>
            <td>{c.name}</td>
            <td className="cx-hide-narrow">{c.number ?? ''}</td>
            <td>
              <Tag minimal intent={STATUS_INTENT[c.status] ?? Intent.NONE} data-testid="connection-status">
                {t(`status.${c.status}`, { defaultValue: c.status })}
              </Tag>
            </td>
            <td>
              <SessionButtons connection={c} busy={busy?.id === c.id ? busy.action : null} onSession={onSession} />
            </td>
            <td className="cx-hide-narrow">{formatShortDateTime(c.updatedAt)}</td>
            <td className="cx-center">
              {c.isDefault && <Icon icon="star" intent={Intent.WARNING} title={t('table.isDefault')} aria-label={t('table.isDefault')} data-testid="connection-default" />}
            </td>
            {canEdit && (
              <td className="cx-actions" role="group" aria-label={t('table.rowActions', { name: c.name })}>
                <Button icon="edit" variant="minimal" aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => onEdit(c)} data-testid="connection-edit" />
                <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('actions.delete')} title={t('actions.delete')} onClick={() => onDelete(c)} data-testid="connection-delete" />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function SessionButtons({ connection, busy, onSession }: { connection: Connection; busy: SessionAction | null; onSession: Props['onSession'] }) {
  const { t } = useTranslation(NS);
  const actions = sessionActions(connection.status);
  const imported = importButton(connection);
  useRerenderAt(imported?.kind === 'preparing' ? imported.until : null);
  const button = (action: SessionAction) => {
    const common = { key: action, size: 'small' as const, 'data-testid': `session-${action}`, loading: busy === action, onClick: () => onSession(connection, action) };
    switch (action) {
      case 'qrcode':
        return <Button {...common} intent={Intent.PRIMARY} icon="grid-view" text={t('session.qrcode')} />;
      case 'retry':
        return <Button {...common} intent={Intent.PRIMARY} variant="outlined" icon="refresh" text={t('session.retry')} />;
      case 'newQr':
        return <Button {...common} intent={Intent.PRIMARY} icon="grid-view" text={t('session.newQr')} />;
      case 'connecting':
        return <Button key={action} size="small" disabled icon="time" text={t('session.connecting')} data-testid="session-connecting" />;
      case 'disconnect':
        return <Button {...common} intent={Intent.DANGER} variant="outlined" icon="disable" text={t('session.disconnect')} />;
      case 'closeImported':
        return <Button {...common} intent={Intent.WARNING} icon="archive" text={t('import.closeTickets')} data-testid="import-close-tickets" />;
    }
  };
  return (
    <span className="cn-session">
      {actions.map(button)}
      {imported?.kind === 'closeTickets' && button('closeImported')}
      {imported?.kind === 'preparing' && <Button size="small" disabled icon="import" text={t('import.preparing')} data-testid="import-preparing" />}
    </span>
  );
}
