import { useEffect, useRef } from 'react';
import { api, showToast, useSocket, useTranslation } from '@guiche/web-sdk';
import { Intent } from '@blueprintjs/core';
import { SHELL_NS } from '../locales/index.js';
import { WORKER_UPDATED_EVENT } from '../sw/events.js';

/** How often the deployed version is compared with the one this page loaded. */
export const VERSION_POLL_MS = 5 * 60 * 1000;

async function fetchVersion(): Promise<string | null> {
  try {
    const { data } = await api.get<{ version?: string }>('/version');
    return typeof data?.version === 'string' ? data.version : null;
  } catch {
    return null;
  }
}

/** Asks the browser to compare the service worker with the server's (a new one installs and takes over). */
function updateWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.update())
    .catch(() => undefined);
}

/**
 * Offers a reload when GET /api/version changes. Asked once when the page starts (the version it
 * loaded), then periodically, when the socket reconnects (not on its first connection) and when a
 * new service worker took over the page (issue #29).
 */
export function useVersionCheck(): void {
  const { t } = useTranslation(SHELL_NS);
  const socket = useSocket();
  const loaded = useRef<string | null>(null);
  const announced = useRef(false);
  const tRef = useRef(t);
  tRef.current = t;
  const checkRef = useRef<() => Promise<void>>(async () => undefined);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const current = await fetchVersion();
      if (cancelled || current === null) return;
      if (loaded.current === null) {
        loaded.current = current;
        return;
      }
      if (current !== loaded.current && !announced.current) {
        announced.current = true;
        updateWorker();
        showToast({
          message: tRef.current('topBar.newVersion'),
          intent: Intent.PRIMARY,
          icon: 'automatic-updates',
          timeout: 0,
          action: { text: tRef.current('topBar.reload'), onClick: () => window.location.reload() },
        });
      }
    };
    checkRef.current = check;
    void check();
    const timer = setInterval(() => void check(), VERSION_POLL_MS);
    const onWorkerUpdated = () => void check();
    window.addEventListener(WORKER_UPDATED_EVENT, onWorkerUpdated);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener(WORKER_UPDATED_EVENT, onWorkerUpdated);
    };
  }, []);

  // A reconnection, not the socket's first connection: that is the page's start, checked above
  // (each had its own request: three of GET /api/version before the first ticket row).
  useEffect(() => {
    if (!socket) return;
    let first = !socket.connected;
    const onConnect = () => {
      if (first) first = false;
      else void checkRef.current();
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
