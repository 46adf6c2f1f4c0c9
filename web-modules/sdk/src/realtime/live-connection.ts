import type { io as ioFunction, Socket } from 'socket.io-client';
import { PRESENCE_HEARTBEAT_MS } from '@guiche/contracts';
import { refreshAccessToken } from '../api.js';
import { getToken } from '../storage.js';

/** 'online' while the socket is connected (or first connecting); 'reconnecting' after it was lost. */
export type ConnectionState = 'online' | 'reconnecting';

/** Pause before connecting again after the server refused the token (a refresh came first). */
const RETRY_AFTER_REFUSAL_MS = 3000;

export interface LiveConnectionHooks {
  onSocket(socket: Socket | null): void;
  onState(state: ConnectionState): void;
  /** Read again what the page shows: live events were missed. */
  refetchAll(): void;
}

/**
 * Opens the session's socket, authenticated with the current access token, and keeps it: when it
 * is lost (network, server restart) it says so and keeps trying. The first connection, like every
 * reconnection, refetches what the page read: the socket's code arrives after the first screen is
 * drawn (first-screen.ts), so events sent before it joined its rooms were missed. Answers the close.
 */
export function openLiveConnection(io: typeof ioFunction, hooks: LiveConnectionHooks): () => void {
  let closed = false;
  let lost = false;
  let joined = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const s = io({
    path: '/socket.io',
    transports: ['websocket'],
    // A function, so a reconnect after a token refresh presents the new token.
    auth: (cb) => cb({ token: getToken() }),
  });
  const markLost = () => {
    lost = true;
    hooks.onState('reconnecting');
  };
  const recovered = () => {
    hooks.onState('online');
    if (lost || !joined) hooks.refetchAll();
    lost = false;
    joined = true;
  };
  const onConnect = () => {
    s.emit('joinNotification');
    recovered();
  };
  const onDisconnect = (reason: Socket.DisconnectReason) => {
    if (closed || reason === 'io client disconnect') return;
    markLost();
    // socket.io retries by itself except when the server closed the socket on purpose.
    if (reason === 'io server disconnect') scheduleConnect();
  };
  // The server refused the handshake (an access token expired while away): refresh, then try again.
  const onConnectError = () => {
    if (closed || s.active) return;
    markLost();
    scheduleConnect();
  };
  function scheduleConnect() {
    clearTimeout(retry);
    retry = setTimeout(() => {
      void refreshAccessToken().then((token) => {
        if (!closed && token && !s.connected) s.connect();
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
  hooks.onSocket(s);
  return () => {
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    window.removeEventListener('offline', onBrowserOffline);
    window.removeEventListener('online', onBrowserOnline);
    s.off('connect', onConnect);
    s.off('disconnect', onDisconnect);
    s.off('connect_error', onConnectError);
    s.disconnect();
    hooks.onSocket(null);
    hooks.onState('online');
  };
}
