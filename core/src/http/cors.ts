import FindMyWay from 'find-my-way';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '../plugin-sdk/types.js';
import type { FastifyCorsOptions, FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import { appOrigins, isAppOrigin } from './app-origins.js';

/**
 * The routes flagged `config: { publicCors: true }`, collected as they are added. A real request
 * reads its own route's flag; a preflight (OPTIONS) is matched by @fastify/cors's catch-all route,
 * so it is looked up here by the method and path it announces.
 */
export class PublicCorsRoutes {
  private readonly router = FindMyWay({ ignoreTrailingSlash: false });

  /** Must run before the routes are added (an onRoute hook sees only later routes). */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if (route.config?.publicCors !== true) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'OPTIONS' || method === 'HEAD') continue;
        this.router.on(method as FindMyWay.HTTPMethod, route.url, () => undefined);
      }
    });
  }

  /** Whether this request (a preflight: the request it announces) is to a public-CORS route. */
  matches(request: FastifyRequest): boolean {
    const announced = request.headers['access-control-request-method'];
    if (request.method === 'OPTIONS' && typeof announced === 'string') {
      const path = request.url.split('?', 1)[0]!;
      return this.router.find(announced.toUpperCase() as FindMyWay.HTTPMethod, path) !== null;
    }
    return request.routeOptions.config?.publicCors === true;
  }
}

/**
 * @fastify/cors per request: the app's own origins get CORS with credentials (cookies: the refresh
 * token); routes flagged publicCors get it without credentials for any site; everything else none.
 */
export function corsOptions(config: { PUBLIC_URL?: string; CORS_ORIGINS?: string }, publicRoutes: PublicCorsRoutes): FastifyCorsOptions {
  const origins = appOrigins(config);
  const delegator: FastifyCorsOptionsDelegateCallback = (request: FastifyRequest, callback) => {
    const origin = request.headers.origin;
    if (!origin) return callback(null, { origin: false });
    if (isAppOrigin(origins, origin, request.host)) return callback(null, { origin, credentials: true });
    if (publicRoutes.matches(request)) return callback(null, { origin, credentials: false });
    callback(null, { origin: false });
  };
  return { delegator };
}
