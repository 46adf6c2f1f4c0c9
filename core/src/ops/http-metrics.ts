import type { FastifyInstance } from 'fastify';
import type { OpsMetrics } from './metrics.js';

/** Every response observed by route template (never the raw URL: ids would make unbounded series). */
export function installHttpMetrics(app: FastifyInstance, metrics: OpsMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
