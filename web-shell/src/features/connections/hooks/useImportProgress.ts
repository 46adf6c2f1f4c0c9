import { useEffect, useState } from 'react';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { readImportEvent, type ImportProgress } from '../lib/import-progress.js';

/**
 * importMessages-{companyId}: 'update' sets the progress (this, all, date); 'refresh' (the import
 * ended) reloads the list through onRefresh and hides the card.
 */
export function useImportProgress(onRefresh: () => void): ImportProgress | null {
  const { user } = useSession();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useSocketEvent<unknown>(user ? `importMessages-${user.companyId}` : null, (payload) => {
    const event = readImportEvent(payload);
    if (!event) return;
    if (event.action === 'refresh') {
      setProgress(null);
      onRefresh();
    } else setProgress(event.status);
  });
  return progress;
}

/** Re-renders at `until` (ms) so a time-limited state ends by itself. */
export function useRerenderAt(until: number | null): void {
  const [, tick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const wait = until - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), wait + 50);
    return () => clearTimeout(timer);
  }, [until]);
}
