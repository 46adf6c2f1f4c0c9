import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Default: 127.0.0.1 on the embedded default (no DATABASE_URL), 0.0.0.0 otherwise. */
  HOST: z.string().optional(),
  API_BASE: z.string().regex(/^\/[a-z0-9/_-]*$/i).default('/api'),
  /** Public URL of the product, printed at start and used in links. */
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key and channel of this deployment. */
  REDIS_PREFIX: z.string().default('guiche'),
  DATA_DIR: z.string().default('./data'),
  STORAGE_DIR: z.string().optional(),
  /** Set: media go to this S3-compatible bucket instead of STORAGE_DIR (required for more than one node). */
  S3_BUCKET: z.string().min(3).optional(),
  /** The store's URL (MinIO, R2, ...); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  /** The bucket's region; most non-AWS stores accept any value. */
  S3_REGION: z.string().default('us-east-1'),
  /** Access key; unset: the AWS SDK's default chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  /** Secret of S3_ACCESS_KEY_ID. */
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the URL path instead of the host name, as MinIO and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  JWT_SECRET: z.string().min(16).optional(),
  ACCESS_TOKEN_TTL: z.string().default('15m'),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().default(7),
  SUPER_ADMIN_EMAIL: z.string().email().default('admin@guiche.local'),
  /** Used when the super admin is created (first start); without it a password is generated and printed once. */
  SUPER_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Comma-separated plugin package names; default: every first-party plugin. */
  PLUGINS: z.string().optional(),
  /** Comma-separated plugin package names loaded besides PLUGINS (or the first-party list): a third-party plugin is one line. */
  EXTRA_PLUGINS: z.string().optional(),
  /** Folder holding web-shell/dist and web-modules/<id>/dist. */
  WEB_ROOT: z.string().optional(),
  SERVE_WEB: bool.default(true),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Sign-in attempts one account may take per 5 minutes (every node counts together); past it 429 until the window ends. */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().positive().default(10),
  /** Comma-separated addresses/CIDRs of the reverse proxies whose X-Forwarded-* headers are believed (default: none). */
  TRUST_PROXY: z.string().optional(),
  /** Comma-separated origins besides PUBLIC_URL's that may call the API with credentials (e.g. a dev server). */
  CORS_ORIGINS: z.string().optional(),
  /** Comma-separated origins the pages' Content-Security-Policy also allows (scripts, styles, frames, connections). */
  CSP_EXTRA_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serves Prometheus /metrics on this port of its own (no auth: keep it on the monitoring network). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Serves /metrics on the API port too, only to `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Milliseconds a SIGTERM drain may take before the process exits anyway (with code 1). */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(1000).max(600000).default(25000),
  DEMO: bool.default(true),
  /** How often each node looks for due timers set elsewhere (timed work, ARCHITECTURE.md §11). */
  TIMED_WORK_POLL_MS: z.coerce.number().int().min(10).max(60000).default(1000),
  /** Life of a channel connection's lease without renewal (renewed every third): a dead node's connections are taken over after about this long. */
  CHANNEL_LEASE_TTL_MS: z.coerce.number().int().min(300).max(120000).default(6000),
  /** How often each node checks whether a connection's lease lapsed, to race for it. */
  CHANNEL_LEASE_WATCH_MS: z.coerce.number().int().min(50).max(60000).default(1000),
  /** Payment provider (billing): the Asaas API base (its token is the super company's setting "asaas"). */
  ASAAS_API_URL: z.string().url().default('https://api.asaas.com'),
  /** The asaas-access-token header Asaas sends with each webhook; unset: every webhook is refused. */
  ASAAS_WEBHOOK_TOKEN: z.string().min(16).optional(),
  /** The hourly invoice generator (timed work billing.invoices); off in test kernels unless asked for. */
  INVOICE_GENERATOR: bool.default(true),
  /** Days the audit log keeps a row (issue #33); a daily timed-work purge deletes older rows. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
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

/** Where the server listens: HOST, else only this machine on the embedded default, else every interface. */
export function listenHost(config: Pick<Config, 'HOST' | 'DATABASE_URL'>): string {
  return config.HOST ?? (config.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
}

export const FIRST_PARTY_PLUGINS = ['@guiche/plugin-internal-chat', '@guiche/plugin-kanban', '@guiche/plugin-schedules', '@guiche/plugin-campaigns', '@guiche/plugin-queue-integrations', '@guiche/plugin-prompts', '@guiche/plugin-external-api', '@guiche/plugin-on-call', '@guiche/plugin-channel-webchat', '@guiche/plugin-channel-whatsapp', '@guiche/plugin-channel-whatsapp-cloud', '@guiche/plugin-channel-facebook', '@guiche/plugin-channel-instagram', '@guiche/plugin-channel-telegram', '@guiche/plugin-flow-builder'];
