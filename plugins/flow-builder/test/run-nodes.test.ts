import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildKernel, waitFor, type ChildKernel } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import flowBuilder from '../src/plugin.js';

/**
 * A flow's wait is a timed-work row, not memory: a wait set by a node killed with -9 fires once on
 * the node that remains, and the flow goes on from where it stood. The child node runs the built
 * kernel and plugins (`npx tsc -b` first).
 */
let w: BotWorld;
const children: ChildKernel[] = [];
const MIN = 60_000;
let queue: { id: number };

beforeAll(async () => {
  w = await startBotWorld({ plugins: [flowBuilder] });
  queue = await w.queue({ name: 'Retorno' });
});
afterAll(async () => {
  for (const child of children) await child.kill();
  await w?.close();
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await w.k.api(method, path, { token: w.company.admin.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const waitFlow = (queueId: number): FlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'hold', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Vamos verificar e voltamos em 10 minutos.' } },
    { id: 'wait', type: 'wait', position: { x: 0, y: 0 }, data: { minutes: 10 } },
    { id: 'back', type: 'message', position: { x: 0, y: 0 }, data: { text: 'Voltamos! Um atendente vai falar com você.' } },
    { id: 'queue', type: 'setQueue', position: { x: 0, y: 0 }, data: { queueId } },
    { id: 'end', type: 'end', position: { x: 0, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'next', target: 'hold' },
    { id: 'e2', source: 'hold', sourceHandle: 'next', target: 'wait' },
    { id: 'e3', source: 'wait', sourceHandle: 'next', target: 'back' },
    { id: 'e4', source: 'back', sourceHandle: 'next', target: 'queue' },
    { id: 'e5', source: 'queue', sourceHandle: 'next', target: 'end' },
  ],
});

const sent = async (ticketId: number, body: string) => Number((await w.k.db('messages').where({ ticketId, body }).count({ n: '*' }).first())!.n);

describe('a flow across nodes and restarts', () => {
  it('a wait set by a node killed with -9 fires once on the node that remains, and the flow goes on', async () => {
    const flow = await api('POST', '/flowbuilder', { name: 'Retorno', graph: waitFlow(queue.id) });
    await api('POST', `/flowbuilder/${flow.id}/publish`);
    await api('PUT', `/flowbuilder/${flow.id}/triggers`, { triggers: [{ kind: 'default', connectionId: null }] });

    const child = await startChildKernel(w.k, { plugins: ['@guiche/plugin-channel-webchat', '@guiche/plugin-flow-builder'] });
    children.push(child);
    const c = await w.customer('webchat', { url: child.url });
    await c.send('oi');
    expect((await receive(c))[0].body).toBe('Vamos verificar e voltamos em 10 minutos.');
    const ticket = await c.ticket();
    expect(await w.k.db('timedWork').where({ kind: 'flow-builder.resume' }).whereRaw(`payload->>'ticketId' = ?`, [String(ticket.id)]).first()).toBeDefined();
    c.close();
    await child.kill('SIGKILL');

    // Nothing before its time; once due, on this node, exactly once.
    await w.k.kernel.core.timedWork.runDue(new Date(Date.now() + 5 * MIN));
    expect(await sent(ticket.id, 'Voltamos! Um atendente vai falar com você.')).toBe(0);
    const at = new Date(Date.now() + 11 * MIN);
    await w.k.kernel.core.timedWork.runDue(at);
    await w.k.kernel.core.timedWork.runDue(new Date(at.getTime() + MIN));
    expect(await sent(ticket.id, 'Voltamos! Um atendente vai falar com você.')).toBe(1);
    const after = await waitFor(async () => {
      const t = await w.k.db('tickets').where({ id: ticket.id }).first();
      return t.useIntegration ? undefined : t;
    });
    expect(after).toMatchObject({ queueId: queue.id, status: 'pending', conversationHandler: null });
    expect(await w.k.db('flowBuilderRuns').where({ ticketId: ticket.id }).first()).toMatchObject({ status: 'done', nodeId: 'end' });
    const counters = await api('GET', `/flowbuilder/${flow.id}/counters`);
    expect(counters.find((n: any) => n.nodeId === 'wait')).toMatchObject({ entered: 1, completed: 1, dropped: 0, errors: 0 });
  });

  it('a wait whose ticket an agent took meanwhile stops the run and sends nothing', async () => {
    const c = await w.customer('webchat');
    await c.send('oi');
    await receive(c);
    const ticket = await c.ticket();
    const accepted = await w.k.api('PUT', `/tickets/${ticket.id}`, { token: w.company.admin.token, body: { status: 'open', userId: w.company.admin.user.id, queueId: queue.id } });
    expect(accepted.status).toBe(200);
    // The agent closes it: the flow no longer holds the ticket when the wait comes due.
    expect((await w.k.api('PUT', `/tickets/${ticket.id}`, { token: w.company.admin.token, body: { status: 'closed' } })).status).toBe(200);
    await w.k.kernel.core.timedWork.runDue(new Date(Date.now() + 11 * MIN));
    expect(await sent(ticket.id, 'Voltamos! Um atendente vai falar com você.')).toBe(0);
    expect(await w.k.db('flowBuilderRuns').where({ ticketId: ticket.id }).first()).toMatchObject({ status: 'stopped', nodeId: 'wait' });
  });
});
