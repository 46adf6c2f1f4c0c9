import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createKernel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWebchatChannel } from '../src/plugin.js';
import { ROUTE_BUDGETS } from '../src/routes.js';
import { connectVisitor, createWebchatConnection, newVisitorId, say } from './support.js';

/**
 * Issue #26: the website chat's limits hold for the whole cluster, not per node. Two kernels share
 * the database and Redis (core's rate-limit port); a visitor whose tabs land on both nodes, and an
 * address calling both nodes' public routes, get one budget between them.
 */
const RATE = 4;
let a: TestKernel;
let b: Kernel;
let urlB: string;
let company: TestCompany;
let connection: { id: number; token: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  a = await createTestKernel({ plugins: [createWebchatChannel({ rateLimit: { max: RATE, windowMs: 3_600_000 } })] });
  b = await createKernel(loadConfig({}, { ...a.kernel.core.config, PORT: 0 }), { plugins: [createWebchatChannel({ rateLimit: { max: RATE, windowMs: 3_600_000 } })] });
  urlB = (await b.listen()).replace('0.0.0.0', '127.0.0.1');
  company = await a.createCompany();
  connection = await createWebchatConnection(a, company.admin);
  await waitFor(async () => (await a.db('whatsapps').where({ id: connection.id }).first('status')).status === 'CONNECTED');
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await b?.close();
  await a?.close();
});

describe('limits shared across nodes', () => {
  it("gives a visitor's tabs on two nodes one message budget", async () => {
    const visitorId = newVisitorId();
    const onA = await connectVisitor(a.url, { token: connection.token, visitorId }, sockets);
    const onB = await connectVisitor(urlB, { token: connection.token, visitorId }, sockets);
    for (let i = 0; i < RATE; i++) {
      const answer = await say(i % 2 === 0 ? onA : onB, `mensagem ${i}`);
      expect(answer.message).toBeTruthy();
    }
    expect(await say(onA, 'uma a mais em A')).toEqual({ error: 'ERR_RATE_LIMITED' });
    expect(await say(onB, 'uma a mais em B')).toEqual({ error: 'ERR_RATE_LIMITED' });
    const stored = await a.db('messages').where({ whatsappId: connection.id, fromMe: false }).whereLike('body', 'mensagem %').count<{ count: string }[]>('id as count');
    expect(Number(stored[0]!.count)).toBe(RATE);
    expect(await a.db('messages').where({ whatsappId: connection.id }).whereLike('body', 'uma a mais%').first('id')).toBeUndefined();

    // Another visitor of the same site has their own budget, on either node.
    const other = await connectVisitor(urlB, { token: connection.token, visitorId: newVisitorId() }, sockets);
    expect((await say(other, 'outro visitante')).message).toBeTruthy();
  });

  it("counts an address's history reads on both nodes against one budget, with Retry-After past it", async () => {
    const path = `/api/webchat/${connection.token}/messages?visitorId=${newVisitorId()}`;
    const max = ROUTE_BUDGETS.history.max;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await fetch(`${i % 2 === 0 ? a.url : urlB}${path}`)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const url of [a.url, urlB]) {
      const refused = await fetch(`${url}${path}`);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toBe('ERR_RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
