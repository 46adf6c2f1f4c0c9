import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnOwned, type OwnedProcess } from './owned-process.js';
import { sparePort, waitForPort } from './spare-port.js';

export const REDIS_SERVER_BIN = '/usr/bin/redis-server';

/** A redis-server of the test's own: restarting or stopping it disturbs no other test. */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (all keys are lost: it keeps nothing on disk) and starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts /usr/bin/redis-server on a spare port, without persistence, its files in a temporary folder. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await sparePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-redis-'));
  let server: OwnedProcess;
  const launch = async () => {
    server = spawnOwned(REDIS_SERVER_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { cwd: dir });
    await waitForPort(port, () => server.alive()).catch((err: Error) => {
      throw new Error(`${err.message}\n${server.output()}`);
    });
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart() {
      await server.stop('SIGKILL');
      await launch();
    },
    async stop() {
      await server.stop('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
