import { createContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { PRESENCE_HEARTBEAT_MS } from '@guiche/contracts';
import { refreshAccessToken } from '../api.js';
import { getToken } from '../storage.js';

export const SocketContext = createContext<Socket | null>(null);

/** 'online' while the socket is connected (or first connecting); 'reconnecting' after it was lost. */
export type ConnectionState = 'online' | 'reconnecting';
export const ConnectionStateContext = createContext<ConnectionState>('online');

/** Pause before connecting again after the server refused the token (a refresh came first). */
const RETRY_AFTER_REFUSAL_MS = 3000;

/**
 * One socket.io connection per logged-in session, authenticated with the current access token.
 * When it is lost (network, server restart) the page says so (ConnectionStateContext) and keeps
 * trying; once back, every active query is fetched again, since events sent meanwhile were missed.
 */
export function SocketProvider({ userId, children }: { userId: number | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  const [state, setState] = useState<ConnectionState>('online');

  useEffect(() => {
    if (userId === null) return;
    let disposed = false;
    let lost = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const s = io({
      path: '/socket.io',
      transports: ['websocket'],
      // A function, so a reconnect after a token refresh presents the new token.
      auth: (cb) => cb({ token: getToken() }),
    });
    const markLost = () => {
      lost = true;
      setState('reconnecting');
    };
    const recovered = () => {
      setState('online');
      if (lost) void queryClient.invalidateQueries();
      lost = false;
    };
    const onConnect = () => {
      s.emit('joinNotification');
      recovered();
    };
    const onDisconnect = (reason: Socket.DisconnectReason) => {
      if (disposed || reason === 'io client disconnect') return;
      markLost();
      // socket.io retries by itself except when the server closed the socket on purpose.
      if (reason === 'io server disconnect') scheduleConnect();
    };
    // The server refused the handshake (an access token expired while away): refresh, then try again.
    const onConnectError = () => {
      if (disposed || s.active) return;
      markLost();
      scheduleConnect();
    };
    function scheduleConnect() {
      clearTimeout(retry);
      retry = setTimeout(() => {
        void refreshAccessToken().then((token) => {
          if (!disposed && token && !s.connected) s.connect();
        });
      }, RETRY_AFTER_REFUSAL_MS);
    }
    const onBrowserOffline = () => markLost();
    // The socket may have lived through a short offline spell; else it is connecting again.
    const onBrowserOnline = () => {
      if (s.connected) recovered();
      else if (!s.active) s.connect();
    };
    s.on('connect', onConnect);
    s.on('disconnect', onDisconnect);
    s.on('connect_error', onConnectError);
    window.addEventListener('offline', onBrowserOffline);
    window.addEventListener('online', onBrowserOnline);
    const heartbeat = setInterval(() => s.emit('userStatus'), PRESENCE_HEARTBEAT_MS);
    setSocket(s);
    return () => {
      disposed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      window.removeEventListener('offline', onBrowserOffline);
      window.removeEventListener('online', onBrowserOnline);
      s.off('connect', onConnect);
      s.off('disconnect', onDisconnect);
      s.off('connect_error', onConnectError);
      s.disconnect();
      setSocket(null);
      setState('online');
    };
  }, [userId, queryClient]);

  return (
    <SocketContext.Provider value={socket}>
      <ConnectionStateContext.Provider value={state}>{children}</ConnectionStateContext.Provider>
    </SocketContext.Provider>
  );
}
