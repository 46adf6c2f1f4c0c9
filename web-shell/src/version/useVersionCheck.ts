import { useEffect, useRef } from 'react';
import { api, showToast, useSocket, useTranslation } from '@guiche/web-sdk';
import { Intent } from '@blueprintjs/core';
import { SHELL_NS } from '../locales/index.js';

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

/** Offers a reload when GET /api/version changes: periodically and whenever the socket reconnects. */
export function useVersionCheck(): void {
  const { t } = useTranslation(SHELL_NS);
  const socket = useSocket();
  const loaded = useRef<string | null>(null);
  const announced = useRef(false);
  const tRef = useRef(t);
  tRef.current = t;

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
        showToast({
          message: tRef.current('topBar.newVersion'),
          intent: Intent.PRIMARY,
          icon: 'automatic-updates',
          timeout: 0,
          action: { text: tRef.current('topBar.reload'), onClick: () => window.location.reload() },
        });
      }
    };
    void check();
    const timer = setInterval(() => void check(), VERSION_POLL_MS);
    const onConnect = () => void check();
    socket?.on('connect', onConnect);
    return () => {
      cancelled = true;
      clearInterval(timer);
      socket?.off('connect', onConnect);
    };
  }, [socket]);
}
