/**
 * Dispatched on window when a new service worker took over a page that already had one: a new
 * deployment was installed (useVersionCheck then compares GET /api/version and offers the reload).
 */
export const WORKER_UPDATED_EVENT = 'guiche:worker-updated';
