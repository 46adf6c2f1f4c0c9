import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  API_BASE: z.string().regex(/^\/[a-z0-9/_-]*$/i).default('/api'),
  /** Public URL of the product, printed at start and used in links. */
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key and channel of this deployment. */
  REDIS_PREFIX: z.string().default('guiche'),
  DATA_DIR: z.string().default('./data'),
  STORAGE_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  ACCESS_TOKEN_TTL: z.string().default('15m'),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().default(7),
  SUPER_ADMIN_EMAIL: z.string().email().default('admin@guiche.local'),
  SUPER_ADMIN_PASSWORD: z.string().min(8).default('Guiche@123'),
  /** Comma-separated plugin package names; default: every first-party plugin. */
  PLUGINS: z.string().optional(),
  /** Folder holding web-shell/dist and web-modules/<id>/dist. */
  WEB_ROOT: z.string().optional(),
  SERVE_WEB: bool.default(true),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: bool.default(true),
  NODE_ENV: z.string().default('production'),
});

export type Config = z.infer<typeof configSchema>;

/** Reads and validates the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}

export const FIRST_PARTY_PLUGINS = ['@guiche/plugin-internal-chat', '@guiche/plugin-channel-webchat', '@guiche/plugin-channel-whatsapp'];
