import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake server received, as the outside service would see it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
  /** Regex groups of the matched route. */
  params: string[];
}

/** What a route answers: a JSON body (default status 200), raw bytes, or 'hang' (never answers: a timeout). */
export type FakeReply = { status?: number; headers?: Record<string, string>; json?: unknown; body?: Buffer | string } | 'hang';
export type FakeRoute = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  url: string;
  /** Every request, in arrival order. */
  requests: FakeRequest[];
  /** Adds or replaces the route for `METHOD pattern` (pattern: a path or a RegExp on the path). */
  route(method: string, pattern: string | RegExp, handler: FakeRoute): void;
  /** Answers the next `count` requests to any route with `reply` instead (5xx, 429, hang…). */
  failNext(count: number, reply: FakeReply): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a service outside the machine (ARCHITECTURE §12): tests give
 * it the routes of the real wire format and read what the product sent. Unknown routes answer 404.
 */
export async function startFakeServer(): Promise<FakeServer> {
  const routes: { method: string; pattern: string | RegExp; handler: FakeRoute }[] = [];
  const requests: FakeRequest[] = [];
  const failures: FakeReply[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const raw = Buffer.concat(chunks);
        let json: unknown;
        try {
          json = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
        } catch {
          json = undefined;
        }
        const method = req.method ?? 'GET';
        let params: string[] = [];
        const found = routes.find((r) => {
          if (r.method !== method) return false;
          if (typeof r.pattern === 'string') return r.pattern === url.pathname;
          const m = r.pattern.exec(url.pathname);
          if (m) params = m.slice(1);
          return Boolean(m);
        });
        const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, headers: req.headers, raw, json, params };
        requests.push(request);
        let reply: FakeReply;
        try {
          reply = failures.shift() ?? (found ? await found.handler(request) : { status: 404, json: { error: 'not found' } });
        } catch (err) {
          reply = { status: 500, json: { error: (err as Error).message } };
        }
        if (reply === 'hang') {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        const headers = { ...(reply.headers ?? {}) };
        let body: Buffer | string = '';
        if (reply.json !== undefined) {
          body = JSON.stringify(reply.json);
          headers['content-type'] ??= 'application/json';
        } else if (reply.body !== undefined) {
          body = reply.body;
        }
        res.writeHead(reply.status ?? 200, headers).end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(method, pattern, handler) {
      const i = routes.findIndex((r) => r.method === method && String(r.pattern) === String(pattern));
      if (i >= 0) routes.splice(i, 1);
      routes.push({ method, pattern, handler });
    },
    failNext(count, reply) {
      for (let i = 0; i < count; i++) failures.push(reply);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
