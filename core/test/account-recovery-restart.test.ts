import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, defineChannel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel } from './channels-fake-channel.js';

/**
 * The send of a recovery code is a row (core/src/account/recovery-send.ts): a node that answered
 * the request and stopped before sending leaves it, and the node started after it sends the code.
 * `base` owns the database and runs the platform connection's session, but never sweeps.
 */
let base: TestKernel;
const world = new FakeWorld();
const nodes: Kernel[] = [];

const startNode = async () => {
  const node = await createKernel(loadConfig({}, { ...base.kernel.core.config, PORT: 0 }), { plugins: [] });
  nodes.push(node);
  return node;
};

beforeAll(async () => {
  base = await createTestKernel({ plugins: [defineChannel(fakeChannel(world))] });
  await base.kernel.core.timedWork.stop();
  const res = await base.api('POST', '/whatsapp', { token: base.superToken, body: { name: 'Plataforma', channel: 'webchat', isDefault: true } });
  await waitFor(async () => (await base.db('whatsapps').where({ id: res.body.id }).first('status')).status === 'CONNECTED' && world.session(res.body.id));
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await base?.close();
});

describe('password recovery across a restart', () => {
  it('a code asked from a node that stopped before sending it is sent by the next node', async () => {
    const { company, admin } = await base.createCompany();
    const phone = '11970001234';
    await base.db('companies').where({ id: company.id }).update({ phone, email: admin.user.email });

    const first = await startNode();
    await first.core.timedWork.stop();
    const firstUrl = (await first.listen()).replace('0.0.0.0', '127.0.0.1');
    const res = await fetch(`${firstUrl}${base.kernel.core.config.API_BASE}/enviar-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wpp: phone }),
    });
    expect(res.status).toBe(200);
    await first.close();
    expect(await base.db('timedWork').where({ kind: 'account.recoverySend' })).toHaveLength(1);
    expect(world.outbound.all).toHaveLength(0);

    // The next node sweeps on start; the platform session (on base) delivers.
    await startNode();
    const delivered = await world.outbound.take(30_000);
    expect(delivered.toId).toBe(`55${phone}`);
    const code = /\b(\d{6})\b/.exec(delivered.body)![1];
    await waitFor(async () => (await base.db('timedWork').where({ kind: 'account.recoverySend' })).length === 0 || null);
    const { status, body } = await base.api('GET', `/verificar-code/${phone}?code=${code}`);
    expect(status).toBe(200);
    expect((await base.api('PUT', '/atualizar-senha', { body: { proof: body.proof, newPassword: 'Restarted@2026' } })).status).toBe(200);
    expect((await base.api('POST', '/auth/login', { body: { email: admin.user.email, password: 'Restarted@2026' } })).status).toBe(200);
    expect(world.outbound.all).toHaveLength(1);
  });
});
