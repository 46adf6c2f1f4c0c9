import { useQuery } from '@tanstack/react-query';
import { connectionsNeedAttention } from '../../../menu/menu-items.js';
import { fetchConnections } from '../api/connections-api.js';
import { connectionKeys } from '../api/query-keys.js';
import { useConnectionEvents } from './useConnections.js';

/**
 * The side menu's warning on the connections item (inbox.md §2): true while any connection is in
 * qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING. Shares the page's cached list and live events.
 */
export function useConnectionsAttention(enabled: boolean): boolean {
  const list = useQuery({ queryKey: connectionKeys.list(), queryFn: fetchConnections, enabled });
  useConnectionEvents(enabled);
  return enabled && connectionsNeedAttention((list.data ?? []).map((c) => c.status));
}
