// When the offline support starts (issue #29): never before the first screen, whose bytes are
// counted (issue #28, e2e/first-screen-chunks.test.ts and bench/p3): this file is all the entry
// carries; the worker's registration and the offline state load in their own chunk afterwards.

/** The page's requests quiet this long after its load: the first screen's data (the first ticket row) is in. */
const QUIET_MS = 2000;
/** A page that never goes quiet (a long download, a polling fallback) starts it by then all the same. */
const LATEST_MS = 20000;

/**
 * Runs `start` once: after the page's load when its requests have been quiet for QUIET_MS, or
 * LATEST_MS after the load at the latest; at once when the browser is (or goes) offline, so the
 * offline state shows without waiting.
 */
export function afterFirstScreen(start: () => void): void {
  let started = false;
  let observer: PerformanceObserver | null = null;
  const timers: number[] = [];
  const run = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    for (const timer of timers) window.clearTimeout(timer);
    window.removeEventListener('offline', run);
    start();
  };
  window.addEventListener('offline', run);
  if (!navigator.onLine) {
    run();
    return;
  }
  const whenLoaded = () => {
    timers.push(window.setTimeout(run, LATEST_MS));
    let quiet = 0;
    const restart = () => {
      window.clearTimeout(quiet);
      quiet = window.setTimeout(run, QUIET_MS);
      timers.push(quiet);
    };
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(restart);
      observer.observe({ type: 'resource' });
    }
    restart();
  };
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });
}

/** Starts the offline support (offline-support.ts, its own chunk) after the first screen. */
export function startOfflineSupportLater(): void {
  afterFirstScreen(() => {
    void import(/* webpackChunkName: "offline-support" */ './offline-support.js').then((m) => m.startOfflineSupport());
  });
}
