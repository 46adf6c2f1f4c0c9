import { useQueryClient } from '@tanstack/react-query';
import { Events } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { ticketKeys } from '../../api/query-keys.js';
import type { ConnectionOption } from '../../api/types.js';
import { useConnections } from '../../hooks/useReferenceData.js';

type SessionEvent = { action?: string; session?: { id: number; status?: string } } | null;

/**
 * Whether the ticket's connection is down now (issue #31): messages an agent sends meanwhile wait in
 * the ordered outbound queue and say so. Kept live by the company's session events.
 */
export function useConnectionDown(connectionId: number | null): boolean {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const connections = useConnections(connectionId !== null);
  useSocketEvent<SessionEvent>(connectionId !== null && user ? Events.whatsappSession(user.companyId) : null, (event) => {
    const session = event?.session;
    if (!session || session.id !== connectionId || !session.status) return;
    queryClient.setQueryData<ConnectionOption[]>(ticketKeys.connections(), (rows) => rows?.map((row) => (row.id === session.id ? { ...row, status: session.status } : row)));
  });
  const status = connections.data?.find((row) => row.id === connectionId)?.status;
  return status !== undefined && status !== 'CONNECTED';
}
