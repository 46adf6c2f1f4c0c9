import { definePlugin, type PluginDefinition } from '@guiche/core';
import { registerRoutes } from './routes.js';
import type { RateLimit } from './token-auth.js';

/** Calls per token per minute: EXTERNAL_API_RATE_LIMIT (default 60). */
export function defaultRateLimit(env: NodeJS.ProcessEnv = process.env): RateLimit {
  const max = Number(env.EXTERNAL_API_RATE_LIMIT);
  return { max: Number.isInteger(max) && max > 0 ? max : 60, windowMs: 60_000 };
}

/** The plugin with its own rate (tests use a small one). */
export function createExternalApiPlugin(options: { rateLimit?: RateLimit } = {}): PluginDefinition {
  return definePlugin({
    id: 'external-api',
    kind: 'module',
    planFlag: 'useExternalApi',
    migrations: 'migrations',
    webModule: 'external-api',
    register(ctx) {
      registerRoutes(ctx, options.rateLimit ?? defaultRateLimit());
    },
  });
}

export default createExternalApiPlugin();
