import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestKernel } from './test-kernel.js';

/** The line a child kernel prints, with its URL, once it listens. */
export const CHILD_READY = 'GUICHE_CHILD_READY';

export interface ChildKernel {
  url: string;
  pid: number;
  /** Every line the child printed so far (stdout and stderr). */
  readonly lines: string[];
  /** Resolves with the first line printed (before or after this call) that contains `text`. */
  waitForLine(text: string): Promise<string>;
  /** The exit code once the process ended (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Sends the signal (default SIGKILL: no cleanup at all) and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface ChildKernelOptions {
  /** PLUGINS of the child: package names or file URLs of plugin modules (plain .mjs for fixtures). */
  plugins: string[];
  env?: Record<string, string>;
}

/** core/dist/testing/child-kernel-main.js, wherever this module runs from (src under vitest, or dist). */
function mainScript(): string {
  const coreDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const script = path.join(coreDir, 'dist', 'testing', 'child-kernel-main.js');
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: build with \`npx tsc -b\` first (npm test does)`);
  return script;
}

/**
 * Starts another node of the same deployment as `parent` (same database, same Redis prefix) in a
 * child process running the built kernel, for kill -9 and multi-node tests. The child's plugins
 * load from their built dist (run `npx tsc -b` before such a test).
 */
export async function startChildKernel(parent: TestKernel, options: ChildKernelOptions): Promise<ChildKernel> {
  const config = parent.kernel.core.config;
  if (!config.DATABASE_URL) throw new Error('a child kernel needs the parent on PostgreSQL (not embedded)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-child-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: config.DATABASE_URL,
    ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL } : {}),
    REDIS_PREFIX: config.REDIS_PREFIX,
    DATA_DIR: dataDir,
    // The parent's media: its folder, or its bucket when it has one.
    STORAGE_DIR: config.STORAGE_DIR ?? path.join(config.DATA_DIR, 'media'),
    ...Object.fromEntries(
      (['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).flatMap((name) => (config[name] ? [[name, config[name]]] : [])),
    ),
    S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE ? '1' : '0',
    SUPER_ADMIN_EMAIL: config.SUPER_ADMIN_EMAIL,
    ...(config.SUPER_ADMIN_PASSWORD ? { SUPER_ADMIN_PASSWORD: config.SUPER_ADMIN_PASSWORD } : {}),
    SERVE_WEB: '0',
    DEMO: '0',
    INVOICE_GENERATOR: '0',
    LOG_LEVEL: 'warn',
    TIMED_WORK_POLL_MS: String(config.TIMED_WORK_POLL_MS),
    PLUGINS: options.plugins.join(','),
    ...options.env,
  };
  const child = spawn(process.execPath, [mainScript()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: Array<{ text: string; resolve: (line: string) => void }> = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const onLine = (line: string) => {
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (line.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      parts.forEach(onLine);
    });
  }

  function waitForLine(text: string): Promise<string> {
    const seen = lines.find((line) => line.includes(text));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      waiters.push({ text, resolve });
      void exited.then(() => reject(new Error(`child exited before printing "${text}":\n${lines.join('\n')}`)));
    });
  }

  const ready = await waitForLine(CHILD_READY);
  return {
    url: ready.split(' ')[1] as string,
    pid: child.pid as number,
    lines,
    waitForLine,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
