import type { FastifyRequest } from 'fastify';
import type { PluginContext } from '@guiche/core';

/** The product's public origin: PUBLIC_URL, else the origin the request came to. */
export function publicBaseUrl(request: FastifyRequest, env: Record<string, string | undefined> = process.env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const proto = (request.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? request.protocol;
  return `${proto}://${request.headers['x-forwarded-host'] ?? request.headers.host}`;
}

/** A public URL of a stored file (Meta fetches outbound media by URL): PUBLIC_URL plus the storage's path. */
export function publicFileUrl(ctx: Pick<PluginContext, 'storage'>, key: string, env: Record<string, string | undefined> = process.env): string {
  return `${(env.PUBLIC_URL ?? '').replace(/\/+$/, '')}${ctx.storage.url(key)}`;
}
