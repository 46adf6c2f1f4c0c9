import type { FastifyRequest } from 'fastify';
import type { PluginContext } from '@guiche/core';

/**
 * The product's public origin: PUBLIC_URL, else the origin the request came to. Fastify's
 * request.protocol and request.host take X-Forwarded-Proto / X-Forwarded-Host into account only
 * when the request comes from a proxy listed in TRUST_PROXY (core's trustProxy), so a client
 * cannot make the dialog show a webhook URL on a host of its choosing.
 */
export function publicBaseUrl(request: FastifyRequest, env: Record<string, string | undefined> = process.env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** A public URL of a stored file (Meta fetches outbound media by URL): PUBLIC_URL plus the storage's path. */
export function publicFileUrl(ctx: Pick<PluginContext, 'storage'>, key: string, env: Record<string, string | undefined> = process.env): string {
  return `${(env.PUBLIC_URL ?? '').replace(/\/+$/, '')}${ctx.storage.url(key)}`;
}
