import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * `/metrics` on the API port, only for `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 * Without a token it is not served there: a scraper reads METRICS_PORT instead.
 */
export function registerTokenMetrics(app: FastifyInstance, registry: Registry, token: string): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameSecret(given, token)) return reply.code(401).send({ error: 'ERR_SESSION_EXPIRED' });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export interface MetricsServer {
  /** Starts listening; resolves with the URL of its /metrics. */
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

/** A plain HTTP server of its own (METRICS_PORT), meant to be reachable only from the monitoring network. */
export function createMetricsServer(registry: Registry, log: { error(obj: object, msg: string): void }): MetricsServer {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'ERR_NOT_FOUND' }));
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'ERR_INTERNAL' }));
      },
    );
  });
  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          resolve(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}${METRICS_PATH}`);
        });
      });
    },
    close() {
      if (!server.listening) return Promise.resolve();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
