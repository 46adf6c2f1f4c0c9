import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, type Connection, type ConnectionChannel, type ConnectionUpdate } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import {
  closeImportedTickets,
  createConnection,
  deleteConnection,
  disconnectSession,
  fetchConnections,
  fetchQueueOptions,
  removeGreetingMedia,
  requestNewQr,
  requestPairingCode,
  restartConnections,
  startSession,
  updateConnection,
  uploadGreetingMedia,
} from '../api/connections-api.js';
import { connectionKeys } from '../api/query-keys.js';
import { applyConnectionEvent, applySessionEvent, type ConnectionEvent, type SessionEvent } from '../lib/status.js';

export function useConnectionList(enabled = true) {
  return useQuery({ queryKey: connectionKeys.list(), queryFn: fetchConnections, enabled });
}

export function useQueueOptions(enabled: boolean) {
  return useQuery({ queryKey: connectionKeys.queues(), queryFn: fetchQueueOptions, enabled, staleTime: 60_000 });
}

/** company-{id}-whatsapp and company-{id}-whatsappSession keep the cached list current. */
export function useConnectionEvents(enabled = true): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const company = enabled && user ? user.companyId : null;
  useSocketEvent<ConnectionEvent>(company !== null ? Events.whatsapp(company) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    queryClient.setQueryData<Connection[]>(connectionKeys.list(), (list) => applyConnectionEvent(list, event));
  });
  useSocketEvent<SessionEvent>(company !== null ? Events.whatsappSession(company) : null, (event) => {
    if (!event || typeof event !== 'object') return;
    queryClient.setQueryData<Connection[]>(connectionKeys.list(), (list) => applySessionEvent(list, event));
  });
}

export function useConnectionMutations() {
  const queryClient = useQueryClient();
  const put = (connection: Connection) =>
    queryClient.setQueryData<Connection[]>(connectionKeys.list(), (list) => applyConnectionEvent(list, { action: 'update', whatsapp: connection }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: connectionKeys.list() });
  return {
    /** Replaces one row locally (the status shown before the server reports it). */
    setLocal: put,
    refresh,
    create: useMutation({
      mutationFn: ({ channel, input }: { channel: ConnectionChannel; input: ConnectionUpdate }) => createConnection(channel, input),
      onSuccess: (connection) => {
        put(connection);
        void refresh();
      },
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: ConnectionUpdate }) => updateConnection(id, input),
      onSuccess: (connection) => {
        put(connection);
        // Another connection may have lost the default.
        if (connection.isDefault) void refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteConnection(id),
      onSuccess: (_data, id) => {
        queryClient.setQueryData<Connection[]>(connectionKeys.list(), (list) => applyConnectionEvent(list, { action: 'delete', whatsappId: id }));
        void refresh();
      },
    }),
    start: useMutation({ mutationFn: startSession, onSuccess: put }),
    newQr: useMutation({ mutationFn: requestNewQr, onSuccess: put }),
    disconnect: useMutation({ mutationFn: disconnectSession, onSuccess: put }),
    restart: useMutation({ mutationFn: restartConnections, onSuccess: refresh }),
    upload: useMutation({ mutationFn: ({ id, file }: { id: number; file: File }) => uploadGreetingMedia(id, file), onSuccess: put }),
    removeMedia: useMutation({ mutationFn: removeGreetingMedia, onSuccess: put }),
    // The server clears statusImportMessages and emits it: the button goes away live.
    closeImported: useMutation({ mutationFn: closeImportedTickets }),
  };
}

/** Asks the session for a pairing code; it reports PAIRING (and later CONNECTED) live, the answer only carries the code. */
export function usePairingCode() {
  return useMutation({ mutationFn: ({ id, number }: { id: number; number: string }) => requestPairingCode(id, number) });
}
