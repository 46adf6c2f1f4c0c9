import type { FastifyRequest } from 'fastify';
import type { FastifyCorsOptions, FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import { appOrigins, isAppOrigin } from './app-origins.js';

/**
 * The website chat widget's public routes: called from customers' sites. They get CORS without
 * credentials; each route itself refuses a site its connection does not allow (403).
 */
export function isWidgetRoute(apiBase: string, url: string): boolean {
  const path = url.split('?', 1)[0]!;
  if (!path.startsWith(`${apiBase}/webchat/`)) return false;
  const rest = path.slice(apiBase.length + '/webchat/'.length);
  return rest === 'widget.js' || /^[A-Za-z0-9]+\/(site|messages)$/.test(rest);
}

/**
 * @fastify/cors per request: the app's own origins get CORS with credentials (cookies: the refresh
 * token); the widget's routes get it without credentials for any site; everything else none.
 */
export function corsOptions(config: { PUBLIC_URL?: string; CORS_ORIGINS?: string; API_BASE: string }): FastifyCorsOptions {
  const origins = appOrigins(config);
  const delegator: FastifyCorsOptionsDelegateCallback = (request: FastifyRequest, callback) => {
    const origin = request.headers.origin;
    if (!origin) return callback(null, { origin: false });
    if (isAppOrigin(origins, origin, request.host)) return callback(null, { origin, credentials: true });
    if (isWidgetRoute(config.API_BASE, request.url)) return callback(null, { origin, credentials: false });
    callback(null, { origin: false });
  };
  return { delegator };
}
