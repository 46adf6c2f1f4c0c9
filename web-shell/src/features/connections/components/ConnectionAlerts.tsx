import { Button, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { formatRelativeTime, toastError, useTranslation } from '@guiche/web-sdk';
import type { ConnectionAlert } from '@guiche/contracts';
import { startSession } from '../api/connections-api.js';
import { NS } from '../i18n/register.js';

/** One alert: the connection's name, since when it is down, its drops, and the reconnect action ("try again"). */
function AlertRow({ alert }: { alert: ConnectionAlert }) {
  const { t } = useTranslation(NS);
  const [state, setState] = useState<'idle' | 'busy' | 'asked'>('idle');
  const reconnect = async () => {
    setState('busy');
    try {
      await startSession(alert.connectionId);
      setState('asked');
    } catch (err) {
      toastError(err);
      setState('idle');
    }
  };
  return (
    <div className="cx-alert-row" data-testid="connection-alert" data-connection-id={alert.connectionId}>
      <span>
        {t('alerts.down', { name: alert.name, since: alert.downSince ? formatRelativeTime(alert.downSince) : '' })}
        {alert.drops > 1 ? ` ${t('alerts.drops', { count: alert.drops })}` : ''}
      </span>
      <Button
        small
        intent={Intent.DANGER}
        icon="refresh"
        text={state === 'asked' ? t('alerts.reconnecting') : t('alerts.reconnect')}
        loading={state === 'busy'}
        disabled={state === 'asked'}
        onClick={() => void reconnect()}
        data-testid="connection-alert-reconnect"
      />
    </div>
  );
}

/** The raised alerts (banner above every page, and the connections page). */
export function ConnectionAlertList({ alerts, testId }: { alerts: ConnectionAlert[]; testId: string }) {
  const { t } = useTranslation(NS);
  const raised = alerts.filter((a) => a.alertedAt);
  if (!raised.length) return null;
  return (
    <Callout intent={Intent.DANGER} icon="warning-sign" compact className="cx-alerts" role="alert" data-testid={testId} title={t('alerts.title', { count: raised.length })}>
      {raised.map((a) => (
        <AlertRow key={a.connectionId} alert={a} />
      ))}
    </Callout>
  );
}

/** Connections dropping repeatedly within the hour that are up now (flapping), for the connections page. */
export function FlappingList({ alerts }: { alerts: ConnectionAlert[] }) {
  const { t } = useTranslation(NS);
  const flapping = alerts.filter((a) => !a.alertedAt && a.drops > 1);
  if (!flapping.length) return null;
  return (
    <Callout intent={Intent.WARNING} icon="pulse" compact className="cx-alerts" data-testid="connection-flapping">
      {flapping.map((a) => (
        <div key={a.connectionId} data-connection-id={a.connectionId}>
          {t('alerts.flapping', { name: a.name, count: a.drops })}
        </div>
      ))}
    </Callout>
  );
}
