import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { listenHost } from '../src/config.js';

/**
 * What `npm start` shows on the embedded default (issue 18, start-up and serving): the banner with a
 * super-admin password generated at the first start and printed that once, the server listening on
 * this machine only, and no line per request. Runs the built bin (core/dist/bin/start.js), as npm start does.
 */

const startScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin', 'start.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-start-'));
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

async function start(): Promise<Started> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: dataDir, PORT: '0', DATA_DIR: dataDir, SERVE_WEB: '0', DEMO: '0' };
  const child = spawn(process.execPath, [startScript], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const m = /Guichê is running at (\S+)/.exec(text);
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', look);
    child.on('exit', (code) => reject(new Error(`exited ${code} before the banner:\n${text}`)));
  });
  return {
    child,
    url,
    output: () => text,
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

async function logIn(url: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@guiche.local', password }) });
  return res.status;
}

describe('npm start on the embedded default', () => {
  it('prints a generated super-admin password once, listens on this machine only, and logs no request', async () => {
    const first = await start();
    const banner = /Super admin: admin@guiche\.local \/ (\S+) {2}\(generated now and shown only this once/.exec(first.output());
    expect(banner).not.toBeNull();
    const password = banner![1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await logIn(first.url, password)).toBe(200);
    expect(await logIn(first.url, 'Guiche@123')).toBe(401);
    for (let i = 0; i < 3; i++) expect((await fetch(`${first.url}/api/version`)).status).toBe(200);
    expect(first.output()).toContain('listening at http://127.0.0.1:');
    expect(first.output()).not.toMatch(/0\.0\.0\.0/);
    expect(first.output()).not.toMatch(/"url":"\/api\/version"|incoming request|request completed/);
    await first.stop();

    const second = await start();
    expect(second.output()).toContain('Super admin: admin@guiche.local (password printed at the first start)');
    expect(second.output()).not.toContain(password);
    expect(await logIn(second.url, password)).toBe(200);
    await second.stop();
  }, 120_000);

  it('listens on every interface with PostgreSQL unless HOST says otherwise', () => {
    expect(listenHost({ DATABASE_URL: undefined, HOST: undefined })).toBe('127.0.0.1');
    expect(listenHost({ DATABASE_URL: 'postgres://db/guiche', HOST: undefined })).toBe('0.0.0.0');
    expect(listenHost({ DATABASE_URL: undefined, HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });
});
