import { useContext, useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { ConnectionStateContext, SocketContext, type ConnectionState } from './SocketProvider.js';

/** Whether the live connection is up ('online') or lost and being retried ('reconnecting'). */
export function useConnectionState(): ConnectionState {
  return useContext(ConnectionStateContext);
}

/** The session's socket, or null while logged out / before it is created. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/**
 * Listens to one event while the component is mounted. The handler may change on every render;
 * the subscription stays the same.
 */
export function useSocketEvent<T = unknown>(eventName: string | null, handler: (payload: T) => void): void {
  const socket = useSocket();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;

  useEffect(() => {
    if (!socket || !eventName) return;
    const listener = (payload: T) => handlerRef.current(payload);
    socket.on(eventName, listener);
    return () => {
      socket.off(eventName, listener);
    };
  }, [socket, eventName]);
}
