import { createContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { afterFirstScreen } from './first-screen.js';
import { openLiveConnection, type ConnectionState } from './live-connection.js';

export type { ConnectionState } from './live-connection.js';

export const SocketContext = createContext<Socket | null>(null);
export const ConnectionStateContext = createContext<ConnectionState>('online');

/** socket.io-client (≈ 13 kB over the wire), fetched once the first screen is drawn (issue #28). */
async function loadSocketIo() {
  await afterFirstScreen();
  return (await import(/* webpackChunkName: "socket-io" */ 'socket.io-client')).io;
}

interface Props {
  userId: number | null;
  /** Events were missed (before the first connection, while disconnected): read again what is not a query. */
  onMissedEvents(): void;
  children: ReactNode;
}

/** One socket.io connection per logged-in session (live-connection.ts), opened after the first screen. */
export function SocketProvider({ userId, onMissedEvents, children }: Props) {
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  const [state, setState] = useState<ConnectionState>('online');
  const missed = useRef(onMissedEvents);
  missed.current = onMissedEvents;

  useEffect(() => {
    if (userId === null) return;
    let disposed = false;
    let close: (() => void) | undefined;
    loadSocketIo().then(
      (io) => {
        if (disposed) return;
        const refetchAll = () => {
          void queryClient.invalidateQueries();
          missed.current();
        };
        close = openLiveConnection(io, { onSocket: setSocket, onState: setState, refetchAll });
      },
      // The code did not arrive (the network is down): the page says it is not live.
      () => {
        if (!disposed) setState('reconnecting');
      },
    );
    return () => {
      disposed = true;
      close?.();
    };
  }, [userId, queryClient]);

  return (
    <SocketContext.Provider value={socket}>
      <ConnectionStateContext.Provider value={state}>{children}</ConnectionStateContext.Provider>
    </SocketContext.Provider>
  );
}
