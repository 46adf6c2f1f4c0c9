import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Events } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { fetchConnectionAlerts } from '../api/alerts-api.js';
import { connectionKeys } from '../api/query-keys.js';

const alertsKey = [...connectionKeys.all, 'alerts'] as const;

/**
 * The company's connection alerts for those who manage connections: loaded once, refreshed by the
 * live alert event (company-{id}-connectionAlert, admins) and by session status changes.
 */
export function useConnectionAlerts(enabled: boolean) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const company = enabled && user ? user.companyId : null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: alertsKey });
  useSocketEvent(company !== null ? Events.connectionAlert(company) : null, refresh);
  useSocketEvent(company !== null ? Events.whatsappSession(company) : null, refresh);
  return useQuery({ queryKey: alertsKey, queryFn: fetchConnectionAlerts, enabled });
}
