import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { createTestKernel, startChildKernel, type ChildKernel, type TestKernel } from '@guiche/core/testing';

// Needs the built kernel (npx tsc -b): the child is a real process that receives a real SIGTERM.
const probeUrl = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'drain-probe-plugin.mjs')).href;

let parent: TestKernel;
let child: ChildKernel | undefined;

beforeAll(async () => {
  parent = await createTestKernel();
});
afterAll(async () => {
  await child?.kill();
  await parent?.close();
});

async function readyStatus(url: string): Promise<number> {
  return (await fetch(`${url}/health/ready`)).status;
}

describe('SIGTERM', () => {
  it('drains: ready 503 and new work refused while the request in flight completes, then exit 0', async () => {
    const c = await parent.createCompany();
    child = await startChildKernel(parent, { plugins: [probeUrl], env: { SHUTDOWN_TIMEOUT: '30000', LOG_LEVEL: 'info' } });
    const node = child;
    expect(await readyStatus(node.url)).toBe(200);

    const slow = fetch(`${node.url}/api/drain-probe/slow`, { headers: { authorization: `Bearer ${c.admin.token}` } });
    await node.waitForLine('DRAIN_PROBE_ENTERED');
    process.kill(node.pid, 'SIGTERM');

    await expect.poll(() => readyStatus(node.url)).toBe(503);
    expect(await (await fetch(`${node.url}/health/ready`)).json()).toMatchObject({ status: 'draining' });
    const refused = await fetch(`${node.url}/api/auth/me`, { headers: { authorization: `Bearer ${c.admin.token}` } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: 'ERR_DRAINING' });
    const socket = io(node.url, { auth: { token: c.admin.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    const socketError = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(err.message));
    });
    socket.disconnect();
    expect(socketError).toBe('ERR_DRAINING');

    // Still draining: the request it admitted holds the exit back.
    await parent.kernel.core.bus.publish('test.drain.release', {}, { companyId: null });
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ done: true });
    // Exit 0 means the drain finished before SHUTDOWN_TIMEOUT (which exits 1).
    expect(await node.exited).toBe(0);
    expect(node.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  }, 240_000);

  it('exits 1 when the drain outlasts SHUTDOWN_TIMEOUT', async () => {
    const c = await parent.createCompany();
    child = await startChildKernel(parent, { plugins: [probeUrl], env: { SHUTDOWN_TIMEOUT: '1000' } });
    const node = child;
    void fetch(`${node.url}/api/drain-probe/slow`, { headers: { authorization: `Bearer ${c.admin.token}` } }).catch(() => undefined);
    await node.waitForLine('DRAIN_PROBE_ENTERED');
    process.kill(node.pid, 'SIGTERM');
    expect(await node.exited).toBe(1);
    expect(node.lines.some((line) => line.includes('shutdown timed out'))).toBe(true);
  }, 240_000);
});
