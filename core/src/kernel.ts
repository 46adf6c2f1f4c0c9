import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { QuietRequestLog } from './http/quiet-request-log.js';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyJwt from '@fastify/jwt';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Events, Rooms } from '@guiche/contracts';
import type { Config } from './config.js';
import { FIRST_PARTY_PLUGINS, listenHost } from './config.js';
import { connectPglite, connectPostgres, type Database } from './db/connect.js';
import { migrateCore, underMigrationLock } from './db/migrate.js';
import { createPorts, type Ports } from './ports/index.js';
import type { AuthUser, Routes } from './plugin-sdk/types.js';
import { createPlansService } from './domain/plans.js';
import { createSettingsService } from './domain/settings.js';
import { createConnectionCache } from './connections/connection-cache.js';
import { createUsersService } from './domain/users.js';
import { seedFirstStart } from './domain/seed.js';
import { resolveJwtSecret } from './auth/secret.js';
import { createTokenGate } from './auth/token-gate.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerPlanRoutes } from './domain/plans-routes.js';
import { registerUserRoutes } from './domain/users-routes.js';
import { registerSettingRoutes } from './domain/settings-routes.js';
import { registerCompanyRoutes } from './domain/companies-routes.js';
import { registerQueueRoutes } from './domain/queues-routes.js';
import { createHandlerRegistry } from './bot/handlers.js';
import { defineBotTimers } from './bot/timer-handlers.js';
import { defineBirthdays } from './contacts/birthdays.js';
import { registerChatbotRoutes } from './domain/chatbot-routes.js';
import { registerFileListRoutes } from './domain/files-routes.js';
import { registerCompanySchedulesRoutes } from './domain/company-schedules-routes.js';
import { registerConnectionRoutes } from './connections/routes.js';
import { registerContactRoutes } from './contacts/routes.js';
import { defineAccountWork, registerAccountRoutes } from './account/index.js';
import { createTimedWork } from './timed-work/index.js';
import { installBilling, registerBillingRoutes, startBilling } from './billing/index.js';
import { frameworkErrors, installErrorHandler } from './http/error-handler.js';
import { registerMultipart } from './http/multipart.js';
import { installRouteCatalog } from './http/route-catalog.js';
import { corsOptions, PublicCorsRoutes } from './http/cors.js';
import { socketCors } from './http/socket-cors.js';
import { trustProxyOf } from './http/client-address.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { defaultWebRoot, registerWebApi, serveWeb } from './http/web.js';
import { registerCompression } from './http/compression.js';
import { createSocketServer } from './realtime/socket-server.js';
import { loadPlugins, pluginSpecs, type PluginSpec } from './plugins/loader.js';
import { mountPlugins } from './plugins/mount.js';
import type { CoreServices } from './services.js';
import { createChannelRuntime } from './channels/index.js';
import { createIngestService, registerMessagingRoutes } from './messaging/index.js';
import { registerDashboardRoutes } from './dashboard/index.js';
import { registerClosingReasonRoutes } from './closing-reasons/index.js';
import { createSlaBreachTimers, defineSlaCheck, registerSlaRoutes } from './sla/index.js';
import { registerDemoPage, seedDemo, type DemoInfo } from './demo/index.js';
import {
  createDrain, createMetrics, createMetricsServer, installDrain, installHttpMetrics, installRequestContext,
  loggerOptions, registerHealthRoutes, registerScrapeGauges, registerTokenMetrics, requestIdOf, type MetricsServer, type OpsMetrics,
} from './ops/index.js';
import { s3OptionsOf } from './ports/storage/s3-options.js';
import { installAuditHook } from './http/audit-hook.js';
import { createAuditLog, defineAuditRetention, registerAuditRoutes, scheduleAuditRetention } from './audit/index.js';

export interface KernelOptions {
  /** Plugin package names or definitions; default: config PLUGINS or every first-party plugin. */
  plugins?: PluginSpec[];
  /** Use this database instead of connecting from config (tests). */
  database?: Database;
  /** Skip seeding company 1 and the super user. */
  seed?: boolean;
}

export interface Kernel {
  app: FastifyInstance;
  core: CoreServices;
  db: Database;
  ports: Ports;
  /** The demo company of the embedded default, when seeded (DEMO on, no DATABASE_URL). */
  demo: DemoInfo | null;
  /**
   * The super admin's password when this start created the super admin without SUPER_ADMIN_PASSWORD:
   * generated, stored only as a hash, to be printed this once. Null on every other start.
   */
  generatedSuperAdminPassword: string | null;
  /** This kernel's Prometheus registry and counters. */
  metrics: OpsMetrics;
  /** URL of /metrics on METRICS_PORT once listening, else null. */
  readonly metricsUrl: string | null;
  listen(): Promise<string>;
  /**
   * The first half of a graceful stop (SIGTERM): readiness 503, new requests and sockets refused,
   * then waits for running requests, timed work and outbound sends. close() does the rest.
   */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export async function createKernel(config: Config, options: KernelOptions = {}): Promise<Kernel> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    logController: new QuietRequestLog(),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    frameworkErrors,
    genReqId: requestIdOf,
    // The spec spells some calls with a trailing slash (GET /files/, /tags/, /schedules/…): one route, both spellings.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRouteCatalog(app);
  const metrics = createMetrics();
  const drain = createDrain();
  installRequestContext(app);
  installHttpMetrics(app, metrics);

  const db = options.database ?? (config.DATABASE_URL ? connectPostgres(config.DATABASE_URL) : await connectPglite(config.DATA_DIR));
  await migrateCore(db.knex);
  // The socket server exists only further down; rows are appended only once requests are served.
  let notifyAudit: (companyId: number) => void = () => undefined;
  const audit = createAuditLog(db.knex, (companyId) => notifyAudit(companyId));
  installAuditHook(app, { apiBase: config.API_BASE, db: db.knex, audit });
  let generatedSuperAdminPassword: string | null = null;
  if (options.seed !== false) {
    const password = config.SUPER_ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
    const created = await underMigrationLock(db.knex, () => seedFirstStart(db.knex, { email: config.SUPER_ADMIN_EMAIL, password }));
    if (created && !config.SUPER_ADMIN_PASSWORD) generatedSuperAdminPassword = password;
  }

  const ports = await createPorts({
    redisUrl: config.REDIS_URL,
    keyPrefix: config.REDIS_PREFIX,
    storageDir: config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'media'),
    s3: s3OptionsOf(config),
    logger: app.log,
  });

  const secret = await resolveJwtSecret(db.knex, config.JWT_SECRET);
  await app.register(fastifyJwt, { secret, sign: { expiresIn: config.ACCESS_TOKEN_TTL } });
  await app.register(fastifyCookie);
  const publicCors = new PublicCorsRoutes();
  publicCors.install(app);
  await app.register(fastifyCors, corsOptions(config, publicCors));
  await registerCompression(app);
  await installSecurityHeaders(app, config);
  await registerMultipart(app);
  await app.register(fastifyRateLimit, { global: false, errorResponseBuilder: () => ({ statusCode: 429, error: 'ERR_RATE_LIMITED' }) });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Guichê API', version: '0.1.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${config.API_BASE}/docs` });

  const redisForSockets = ports.redis
    ? { pub: await ports.redis.connect(), sub: await ports.redis.connect(), prefix: config.REDIS_PREFIX }
    : undefined;
  const tokens = createTokenGate(db.knex, ports.bus);
  app.decorate('tokenGate', tokens);
  const sockets = createSocketServer({
    httpServer: app.server,
    verifyToken: async (token) => {
      const claims = app.jwt.verify<AuthUser & { tv?: number }>(token);
      if (!(await tokens.allows(claims))) throw new Error('ERR_SESSION_EXPIRED');
      return claims;
    },
    db: db.knex,
    log: app.log,
    redis: redisForSockets,
    cors: socketCors(config),
  });
  installDrain(app, sockets.io, drain);
  notifyAudit = (companyId) => sockets.emit(Rooms.companyAdmins(companyId), Events.audit(companyId), { action: 'create' });
  let booted = false;
  registerHealthRoutes(app, { db: db.knex, redis: ports.redis?.pub, booted: () => booted, draining: () => drain.draining });
  if (config.METRICS_TOKEN) registerTokenMetrics(app, metrics.registry, config.METRICS_TOKEN);
  const plans = createPlansService(db.knex, ports.bus);
  const core: CoreServices = {
    config,
    db: db.knex,
    bus: ports.bus,
    jobs: ports.jobs,
    leases: ports.leases,
    storage: ports.storage,
    rateLimits: ports.rateLimits,
    realtime: sockets,
    plans,
    settings: createSettingsService(db.knex, ports.bus),
    users: createUsersService(db.knex),
    plugins: [],
    // Ingest and the channel runtime call each other at run time (a session feeds ingest; ingest's bot
    // and rating steps send through the channels' sender): each is built once, right below, from this
    // same bag, and read through these getters, so neither is ever seen unset (an early read throws).
    get channels() {
      return channels;
    },
    get ingest() {
      return ingest;
    },
    connectionCache: createConnectionCache(db.knex, ports.bus),
    bot: createHandlerRegistry(),
    timedWork: createTimedWork(db.knex, app.log, { pollMs: config.TIMED_WORK_POLL_MS }),
    io: sockets.io,
    log: app.log,
    signAccessToken: (user) => app.jwt.sign({ id: user.id, companyId: user.companyId, profile: user.profile, super: user.super, tv: user.tokenVersion ?? 0 }),
    tokens,
    metrics,
    audit,
    slaBreachTimers: createSlaBreachTimers(),
  };
  registerScrapeGauges(metrics, { db: db.knex, jobs: ports.jobs, io: sockets.io, heldSessions: () => core.channels.held() });

  const ingest = createIngestService(core);
  const channels = createChannelRuntime(core);
  defineBotTimers(core);
  defineAccountWork(core);
  installBilling(app, core);
  await startBilling(core);
  defineAuditRetention(core);
  await scheduleAuditRetention(core.db);
  defineBirthdays(core);
  defineSlaCheck(core);

  await app.register(
    async (scope) => {
      const routes = scope as unknown as Routes;
      registerMessagingRoutes(routes, core);
      registerDashboardRoutes(routes, core);
      registerAuthRoutes(routes, core);
      registerPlanRoutes(routes, core);
      registerUserRoutes(routes, core);
      registerSettingRoutes(routes, core);
      registerCompanyRoutes(routes, core);
      registerQueueRoutes(routes, core);
      registerChatbotRoutes(routes, core);
      registerFileListRoutes(routes, core);
      registerCompanySchedulesRoutes(routes, core);
      registerConnectionRoutes(routes, core);
      registerContactRoutes(routes, core);
      registerAccountRoutes(routes, core);
      registerBillingRoutes(routes, core);
      registerClosingReasonRoutes(routes, core);
      registerSlaRoutes(routes, core);
      registerAuditRoutes(routes, core);
    },
    { prefix: config.API_BASE },
  );

  const specs = options.plugins ?? pluginSpecs(config, FIRST_PARTY_PLUGINS);
  core.plugins = await mountPlugins(app, core, await loadPlugins(specs, app.log));

  const webRoot = config.WEB_ROOT ?? defaultWebRoot();
  await app.register(async (scope) => registerWebApi(scope as unknown as Routes, core, webRoot), { prefix: config.API_BASE });
  const demoEnabled = !config.DATABASE_URL && config.DEMO;
  if (demoEnabled) registerDemoPage(app, core);
  await serveWeb(app, core, webRoot);

  await app.ready();
  await ports.jobs.start();
  await core.channels.start();
  core.timedWork.start();
  const demo = demoEnabled ? await seedDemo(core) : null;
  booted = true;

  let closed = false;
  let metricsServer: MetricsServer | null = null;
  let metricsUrl: string | null = null;
  return {
    app,
    core,
    db,
    ports,
    demo,
    generatedSuperAdminPassword,
    metrics,
    get metricsUrl() {
      return metricsUrl;
    },
    async listen() {
      const address = await app.listen({ port: config.PORT, host: listenHost(config) });
      if (config.METRICS_PORT !== undefined) {
        metricsServer = createMetricsServer(metrics.registry, app.log);
        metricsUrl = await metricsServer.listen(config.METRICS_PORT, listenHost(config));
      }
      return address;
    },
    async drain() {
      drain.begin();
      await drain.idle();
      await core.timedWork.stop().catch((err) => app.log.error({ err }, 'timed work stop failed'));
      // Waits for the running outbound sends while their sessions still run; close() then hands the leases back.
      await ports.jobs.close().catch((err) => app.log.error({ err }, 'jobs close failed'));
    },
    async close() {
      if (closed) return;
      closed = true;
      await metricsServer?.close();
      await core.timedWork.stop().catch((err) => app.log.error({ err }, 'timed work stop failed'));
      await core.channels.stop().catch((err) => app.log.error({ err }, 'channels stop failed'));
      await sockets.close().catch(() => undefined);
      await app.close().catch(() => undefined);
      plans.close();
      tokens.close();
      await ports.close();
      await db.close();
    },
  };
}
