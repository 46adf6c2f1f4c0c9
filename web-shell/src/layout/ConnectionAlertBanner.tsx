import { useSession } from '@guiche/web-sdk';
import { ConnectionAlertList } from '../features/connections/components/ConnectionAlerts.js';
import { useConnectionAlerts } from '../features/connections/hooks/useConnectionAlerts.js';
import '../features/connections/connections.css';

/** Above every page, for those who manage connections: a connection down longer than the company allows (issue #31). */
export function ConnectionAlertBanner() {
  const { user, subscriptionExpired } = useSession();
  // An expired company's API answers only its billing (issue #9): the alerts wait until it pays.
  const manager = !!user && !subscriptionExpired && (user.profile === 'admin' || Boolean(user.allowConnections) || Boolean(user.super));
  const alerts = useConnectionAlerts(manager);
  if (!manager || !alerts.data) return null;
  return <ConnectionAlertList alerts={alerts.data} testId="connection-alert-banner" />;
}
