import { WORKER_UPDATED_EVENT } from './events.js';
import { watchConnectivity } from './offline-state.js';

/** The service worker's script (web-shell/worker/sw.ts, built by scripts/service-worker.mjs). */
export const WORKER_URL = '/sw.js';

async function registerWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const container = navigator.serviceWorker;
  // A page's first worker takes it over too (clientsClaim): only a later one is a new deployment.
  let hadWorker = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (hadWorker) window.dispatchEvent(new Event(WORKER_UPDATED_EVENT));
    hadWorker = true;
  });
  try {
    // Also how the browser finds a new deployment: registering again compares the script byte for byte.
    await container.register(WORKER_URL);
  } catch {
    // Offline, or a browser that refuses workers here: the page works the same without one.
  }
}

/** Registers the service worker and shows the offline state when the browser is offline (issue #29). */
export function startOfflineSupport(): void {
  watchConnectivity();
  void registerWorker();
}
