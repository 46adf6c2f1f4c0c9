import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import '../../src/testing/provided-context.js';
import { cloneDatabase, dropDatabase, TEST_SERVER_URL, uniqueName } from '../../src/testing/databases.js';
import { ROOT } from './env-reads.js';

/**
 * Issue 27: the Docker image's recipe, proven without Docker. The Dockerfile's runtime tree comes
 * from scripts/image-recipe.mjs; this runs the same script on the tree already built here
 * (`npx tsc -b` and `npm run build:web`, as npm test does before the tests), in a temporary folder,
 * and starts the result as the image does: `node core/dist/bin/start.js`, production settings.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-image-'));
const app = path.join(work, 'app');
const database = uniqueName('guiche_image');
const webBuilt = fs.existsSync(path.join(ROOT, 'web-shell', 'dist', 'index.html'));
let server: ChildProcess | null = null;
let output = '';
let assembledIn = 0;

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'core', 'dist', 'bin', 'start.js'))) throw new Error('core/dist is missing: run `npx tsc -b` first (npm test does)');
  const started = Date.now();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'image-recipe.mjs'), app], { stdio: 'pipe' });
  assembledIn = Date.now() - started;
  await cloneDatabase(inject('templateDatabase'), database);
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await dropDatabase(database);
  fs.rmSync(work, { recursive: true, force: true });
});

/** Starts the assembled tree like the image's CMD; resolves with its URL from the start banner. */
function start(): Promise<string> {
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: `${TEST_SERVER_URL}/${database}`,
    SUPER_ADMIN_EMAIL: 'root@image.test',
    SUPER_ADMIN_PASSWORD: 'Image@12345',
    DEMO: '0',
    INVOICE_GENERATOR: '0',
    LOG_LEVEL: 'warn',
  };
  server = spawn(process.execPath, ['core/dist/bin/start.js'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening at (http:\/\/\S+)/.exec(output) ?? /Guichê is running at (\S+)/.exec(output);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    };
    server!.stdout!.on('data', look);
    server!.stderr!.on('data', look);
    server!.once('exit', (code) => reject(new Error(`the assembled server exited (${code}) before listening:\n${output}`)));
  });
}

/** /health/ready once the health routes exist; /api/version answers on a tree without them. */
async function ready(url: string): Promise<number> {
  const health = await fetch(`${url}/health/ready`).catch(() => null);
  if (health && health.status !== 404) return health.status;
  const version = await fetch(`${url}/api/version`).catch(() => null);
  return version?.status ?? 0;
}

describe('the image recipe, run in a temporary folder', () => {
  it('keeps production dependencies and built output only', () => {
    console.log(`image recipe: runtime tree assembled and pruned in ${(assembledIn / 1000).toFixed(1)} s`);
    for (const kept of ['node_modules/fastify', 'node_modules/pg', 'core/dist/bin/start.js', 'migrations/dist', 'plugins/channel-webchat/widget']) {
      expect(fs.existsSync(path.join(app, kept)), kept).toBe(true);
    }
    for (const gone of ['node_modules/vitest', 'node_modules/typescript', 'node_modules/eslint', 'node_modules/react', 'node_modules/@rsbuild/core', 'core/src', 'core/test']) {
      expect(fs.existsSync(path.join(app, gone)), gone).toBe(false);
    }
    expect(fs.existsSync(path.join(app, 'web-shell', 'dist', 'index.html'))).toBe(webBuilt);
  });

  it('starts as the image does, becomes ready, signs the super admin in and serves the web', async () => {
    const url = await start();
    await expect.poll(() => ready(url), { timeout: 60_000 }).toBe(200);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@image.test', password: 'Image@12345' }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).token).toEqual(expect.any(String));
    if (webBuilt) {
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
    }
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
