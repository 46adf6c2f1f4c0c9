import { createContext, useEffect, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { PRESENCE_HEARTBEAT_MS } from '@guiche/contracts';
import { getToken } from '../storage.js';

export const SocketContext = createContext<Socket | null>(null);

/** One socket.io connection per logged-in session, authenticated with the current access token. */
export function SocketProvider({ userId, children }: { userId: number | null; children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (userId === null) return;
    const s = io({
      path: '/socket.io',
      transports: ['websocket'],
      // A function, so a reconnect after a token refresh presents the new token.
      auth: (cb) => cb({ token: getToken() }),
    });
    const join = () => s.emit('joinNotification');
    s.on('connect', join);
    const heartbeat = setInterval(() => s.emit('userStatus'), PRESENCE_HEARTBEAT_MS);
    setSocket(s);
    return () => {
      clearInterval(heartbeat);
      s.off('connect', join);
      s.disconnect();
      setSocket(null);
    };
  }, [userId]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
