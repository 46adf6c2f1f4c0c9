import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, defineChannel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel } from './channels-fake-channel.js';

/**
 * Several API nodes on one PostgreSQL and one Redis. `base` owns the test database and runs no
 * channel; the nodes started here carry the fake channel, labelled by node.
 */
let base: TestKernel;
const world = new FakeWorld();
const nodes: Kernel[] = [];

async function startNode(label: string | null): Promise<Kernel> {
  const plugins = label ? [defineChannel(fakeChannel(world, label))] : [];
  const node = await createKernel(loadConfig({}, { ...base.kernel.core.config, PORT: 0 }), { plugins });
  nodes.push(node);
  return node;
}

async function closeNode(node: Kernel): Promise<void> {
  await node.close();
  nodes.splice(nodes.indexOf(node), 1);
}

beforeAll(async () => {
  base = await createTestKernel();
});
afterAll(async () => {
  for (const node of [...nodes]) await closeNode(node);
  await base?.close();
});

async function connectionWithTicket(company: Awaited<ReturnType<TestKernel['createCompany']>>, name: string) {
  const res = await base.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'webchat' } });
  const connectionId = res.body.id as number;
  const [contact] = await base.db('contacts').insert({ companyId: company.company.id, name: 'Visitor', number: `v-${connectionId}`, channel: 'webchat' }).returning('id');
  const [ticket] = await base.db('tickets').insert({ companyId: company.company.id, contactId: contact.id, whatsappId: connectionId, status: 'open', channel: 'webchat' }).returning('id');
  return { connectionId, ticketId: ticket.id as number };
}

describe('sessions across nodes', () => {
  it('exactly one node runs a connection; when it shuts down another takes over and delivers', async () => {
    const b = await startNode('B');
    const c = await startNode('C');
    const company = await base.createCompany();
    const { connectionId, ticketId } = await connectionWithTicket(company, 'Shared');

    await waitFor(() => world.session(connectionId));
    const holders = () => [b, c].filter((n) => n.core.channels.held().includes(connectionId));
    expect(holders()).toHaveLength(1);
    expect(world.live.get(connectionId)).toHaveLength(1);
    expect(world.overlaps).toBe(0);
    const [holder] = holders();
    const other = holder === b ? c : b;
    const holderLabel = holder === b ? 'B' : 'C';

    // A restart request reaches both nodes; still only the holder runs it.
    expect((await base.api('POST', '/whatsapp-restart/', { token: company.admin.token })).status).toBe(200);
    await waitFor(() => world.starts.filter((s) => s.connectionId === connectionId).length === 2 && world.session(connectionId));
    expect(new Set(world.starts.filter((s) => s.connectionId === connectionId).map((s) => s.node))).toEqual(new Set([holderLabel]));

    await closeNode(holder);
    await waitFor(() => other.core.channels.held().includes(connectionId) && world.session(connectionId));
    expect(world.session(connectionId)!.node).not.toBe(holderLabel);
    expect(world.overlaps).toBe(0);

    const { id } = await other.core.channels.sender.send({ companyId: company.company.id, ticketId, userId: company.admin.user.id, body: 'from the survivor' });
    await waitFor(async () => (await base.db('messages').where({ id }).first('sendStatus')).sendStatus === 'sent');
    const delivered = world.outbound.all.filter((d) => d.messageId === id);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.node).not.toBe(holderLabel);
    await closeNode(other);
  });

  it('a message stored by a node that stops before sending is delivered exactly once by the next node', async () => {
    const company = await base.createCompany();
    const { connectionId, ticketId } = await connectionWithTicket(company, 'Crash');
    // No node runs this channel: the row is stored and its job waits in Redis.
    const storing = await startNode(null);
    const { id } = await storing.core.channels.sender.send({ companyId: company.company.id, ticketId, userId: company.admin.user.id, body: 'survives the crash' });
    expect(await base.db('messages').where({ id }).first('sendStatus', 'ack')).toEqual({ sendStatus: 'pending', ack: 0 });
    await closeNode(storing);

    const next = await startNode('D');
    await waitFor(async () => (await base.db('messages').where({ id }).first('sendStatus')).sendStatus === 'sent', { timeout: 15000 });
    // Let any duplicate trigger (the Redis job and the requeue from the database) run out.
    await new Promise((r) => setTimeout(r, 500));
    const delivered = world.outbound.all.filter((d) => d.messageId === id);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ node: 'D', body: 'survives the crash', connectionId });
    await closeNode(next);
  });
});
