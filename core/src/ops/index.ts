export { createMetrics, type OpsMetrics, type SendOutcome } from './metrics.js';
export { createDrain, installDrain, type Drain } from './drain.js';
export { installHttpMetrics } from './http-metrics.js';
export { installRequestContext, requestIdOf, REQUEST_ID_HEADER } from './request-id.js';
export { registerHealthRoutes, HEALTH_PREFIX, type HealthSources } from './health.js';
export { createMetricsServer, registerTokenMetrics, METRICS_PATH, type MetricsServer } from './metrics-endpoint.js';
export { registerScrapeGauges, type ScrapeSources } from './scrape-gauges.js';
export { handleShutdownSignals } from './shutdown.js';
export { loggerOptions } from './logging.js';
