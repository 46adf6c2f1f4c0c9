import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { listSetting, originOf } from './app-origins.js';

/** What the web shell loads from elsewhere: the Facebook login SDK (connections dialog) and its dialogs. */
const FACEBOOK = { script: ['https://connect.facebook.net'], frame: ['https://www.facebook.com', 'https://web.facebook.com'], connect: ['https://graph.facebook.com', 'https://www.facebook.com'] };

export interface SecurityHeaderConfig {
  PUBLIC_URL?: string;
  /** Extra origins the pages may load scripts, styles, frames and connections from. */
  CSP_EXTRA_ORIGINS?: string;
}

/**
 * The Content-Security-Policy of every page and answer: scripts only from this origin (no inline
 * script, no eval) and Facebook's SDK; no page may frame ours. Inline styles stay allowed (React
 * and Blueprint position overlays with style attributes). Images may come from any https origin
 * (contacts' profile pictures live on the channels' CDNs).
 */
function contentSecurityPolicy(config: SecurityHeaderConfig): Record<string, string[]> {
  const extra = listSetting(config.CSP_EXTRA_ORIGINS)
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...FACEBOOK.script, ...extra],
    styleSrc: ["'self'", "'unsafe-inline'", ...extra],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...FACEBOOK.connect, ...extra],
    frameSrc: ["'self'", ...FACEBOOK.frame, ...extra],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Helmet on every answer: CSP, Referrer-Policy, X-Content-Type-Options, X-Frame-Options, and HSTS
 * only when PUBLIC_URL is https (a plain-http install must stay reachable). The opener policy lets
 * the Facebook login popup talk back. Resources are same-origin except the routes flagged publicCors
 * (the website chat's) and uploaded files, which customers' sites load.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: SecurityHeaderConfig): Promise<void> {
  const tls = config.PUBLIC_URL?.startsWith('https://') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: tls ? { maxAge: 31536000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    const shared = request.routeOptions.config?.publicCors === true || request.url.startsWith('/public/');
    reply.header('Cross-Origin-Resource-Policy', shared ? 'cross-origin' : 'same-origin');
  });
}
