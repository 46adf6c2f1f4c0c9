import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { inject } from 'vitest';
import './provided-context.js';
import { io, type Socket } from 'socket.io-client';
import { PlanFlags, isCorePlanFlag, type AnyPlanFlag } from '@guiche/contracts';
import { loadConfig, type Config } from '../config.js';
import { connectPostgres } from '../db/connect.js';
import { createKernel, type Kernel } from '../kernel.js';
import type { PluginSpec } from '../plugins/loader.js';
import { hashPassword } from '../auth/password.js';
import { cloneDatabase, dropDatabase, TEST_REDIS_URL, TEST_SERVER_URL, uniqueName } from './databases.js';
import { deleteRedisKeys } from './redis-cleanup.js';

export interface TestKernelOptions {
  plugins?: PluginSpec[];
  /** Serve the built web (web-shell/dist, web-modules/<id>/dist). Default false. */
  serveWeb?: boolean;
  /** Use Redis for bus, jobs, leases and socket.io. Default true. */
  redis?: boolean;
  config?: Partial<Config>;
  /** The embedded default: PGlite in a temporary data folder and in-process bus/jobs/leases. */
  embedded?: boolean;
}

export interface TestUser {
  user: { id: number; name: string; email: string; companyId: number; profile: 'admin' | 'user' };
  token: string;
  password: string;
}

export interface TestCompany {
  company: { id: number; name: string; planId: number };
  plan: { id: number };
  admin: TestUser;
}

export interface TestKernel {
  kernel: Kernel;
  url: string;
  apiUrl: string;
  db: Kernel['core']['db'];
  superToken: string;
  createCompany(opts?: { name?: string; planFlags?: Partial<Record<AnyPlanFlag, boolean>>; dueDate?: string }): Promise<TestCompany>;
  createUser(companyId: number, opts?: { profile?: 'admin' | 'user'; name?: string; email?: string; password?: string }): Promise<TestUser>;
  /** Changes the company's own plan through the real plans API, as the super user would. */
  /** Core's flags and plugins' own ones alike (the latter go to the plan's pluginFlags). */
  setPlanFlags(companyId: number, flags: Partial<Record<AnyPlanFlag, boolean>>): Promise<void>;
  /** A real HTTP call to the API: path relative to /api. */
  api(method: string, apiPath: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  socket(token: string): Promise<Socket>;
  close(): Promise<void>;
}

const SUPER = { email: 'super@guiche.test', password: 'Super@12345' };
let counter = 0;

/** A running kernel on a random port with its own database cloned from the migrated template. */
export async function createTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const database = uniqueName('guiche_t');
  if (!options.embedded) await cloneDatabase(inject('templateDatabase'), database);
  const prefix = `gtest:${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-test-'));
  const config = loadConfig(
    {},
    {
      PORT: 0,
      HOST: '127.0.0.1',
      DATABASE_URL: options.embedded ? undefined : `${TEST_SERVER_URL}/${database}`,
      REDIS_URL: options.redis === false || options.embedded ? undefined : TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      SUPER_ADMIN_EMAIL: SUPER.email,
      SUPER_ADMIN_PASSWORD: SUPER.password,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: 10000,
      LOGIN_ACCOUNT_LIMIT: 10000,
      SERVE_WEB: options.serveWeb ?? false,
      DEMO: false,
      // A perpetual hourly timer would fire inside every test's runDue(later): on where a test asks.
      INVOICE_GENERATOR: false,
      ...options.config,
    },
  );
  const kernel = await createKernel(config, {
    // No plugins unless given, or named by configuration (PLUGINS / EXTRA_PLUGINS, as in production).
    plugins: options.plugins ?? (options.config?.PLUGINS !== undefined || options.config?.EXTRA_PLUGINS !== undefined ? undefined : []),
    database: config.DATABASE_URL ? connectPostgres(config.DATABASE_URL, 5) : undefined,
  });
  const address = await kernel.listen();
  const url = address.replace('0.0.0.0', '127.0.0.1');
  const apiUrl = `${url}${config.API_BASE}`;
  const sockets: Socket[] = [];

  async function api(method: string, apiPath: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${apiUrl}${apiPath}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  }

  const superUser = await kernel.core.db('users').where({ email: SUPER.email }).first();
  const superToken = kernel.core.signAccessToken(superUser);

  async function createUser(companyId: number, opts: { profile?: 'admin' | 'user'; name?: string; email?: string; password?: string } = {}): Promise<TestUser> {
    const n = ++counter;
    const password = opts.password ?? 'Secret@123';
    const [user] = await kernel.core
      .db('users')
      .insert({
        companyId,
        name: opts.name ?? `User ${n}`,
        email: opts.email ?? `user${n}.${randomBytes(3).toString('hex')}@example.com`,
        passwordHash: await hashPassword(password),
        profile: opts.profile ?? 'user',
      })
      .returning(['id', 'name', 'email', 'companyId', 'profile']);
    return { user, token: kernel.core.signAccessToken({ ...user, super: false }), password };
  }

  return {
    kernel,
    url,
    apiUrl,
    db: kernel.core.db,
    superToken,
    api,
    createUser,
    async createCompany(opts = {}) {
      const n = ++counter;
      const flags = Object.fromEntries(PlanFlags.map((f) => [f, opts.planFlags?.[f] ?? true]));
      // Every flag the loaded plugins declared is on too, unless the test says otherwise.
      const own = kernel.core.plans.declared().filter((d) => !d.core).map((d) => d.flag);
      const pluginFlags = Object.fromEntries(own.map((f) => [f, opts.planFlags?.[f] ?? true]));
      const [plan] = await kernel.core
        .db('plans')
        .insert({ name: `Plan ${n} ${randomBytes(3).toString('hex')}`, users: 10, connections: 10, queues: 10, amount: 99, isPublic: false, ...flags, pluginFlags: JSON.stringify(pluginFlags) })
        .returning('id');
      const [company] = await kernel.core
        .db('companies')
        .insert({ name: opts.name ?? `Company ${n} ${randomBytes(3).toString('hex')}`, planId: plan.id, dueDate: opts.dueDate ?? '2999-01-01', status: true })
        .returning(['id', 'name', 'planId']);
      const admin = await createUser(company.id, { profile: 'admin', name: `Admin ${n}` });
      return { company, plan, admin };
    },
    async setPlanFlags(companyId, flags) {
      const company = await kernel.core.db('companies').where({ id: companyId }).first('planId');
      const entries = Object.entries(flags);
      const body = {
        ...Object.fromEntries(entries.filter(([f]) => isCorePlanFlag(f))),
        pluginFlags: Object.fromEntries(entries.filter(([f]) => !isCorePlanFlag(f))),
      };
      const res = await api('PUT', `/plans/${company.planId}`, { token: superToken, body });
      if (res.status !== 200) throw new Error(`setPlanFlags failed: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async socket(token) {
      const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (err) => reject(err));
      });
      return socket;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await kernel.close();
      if (config.REDIS_URL) await deleteRedisKeys(config.REDIS_URL, prefix);
      if (!options.embedded) await dropDatabase(database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
