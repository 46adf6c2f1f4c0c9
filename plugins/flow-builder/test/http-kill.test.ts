import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildKernel, waitFor, type ChildKernel } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { HTTP_KIND } from '../src/http/defer.js';
import { HTTP_MAX_CLAIMS } from '../src/http/durable-call.js';
import { createFlowBuilderPlugin } from '../src/plugin.js';

/**
 * The HTTP node is claimed-once work: a node killed with -9 after the remote received the request
 * but before the answer was recorded leaves the call leased; when the lease ends the node that
 * remains calls again with the same Idempotency-Key (at least once to the remote) and the flow
 * goes on from that one recorded answer (its messages and counters once). The child runs the built
 * kernel and plugins (`npx tsc -b` first).
 */
let w: BotWorld;
let server: Server;
let base: string;
const MIN = 60_000;
const children: ChildKernel[] = [];
const seen: { key: string | undefined; body: string }[] = [];
let firstArrived: () => void;
const arrived = new Promise<void>((resolve) => (firstArrived = resolve));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ key: req.headers['idempotency-key'] as string | undefined, body });
      // The first request reaches the remote and is never answered: its node dies meanwhile.
      if (seen.length === 1) return firstArrived();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ order: { status: 'enviado' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  w = await startBotWorld({ plugins: [createFlowBuilderPlugin({ http: { allowPrivate: true } })] });
  // Only the child claims timed work until it is killed; then this node runs what is due by hand.
  await w.k.kernel.core.timedWork.stop();
});
afterAll(async () => {
  for (const child of children) await child.kill();
  await w?.close();
  server?.closeAllConnections();
  server?.close();
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await w.k.api(method, path, { token: w.company.admin.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const n = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, data }) as FlowGraph['nodes'][number];
const e = (source: string, sourceHandle: string, target: string) => ({ id: `${source}-${sourceHandle}`, source, sourceHandle, target });

const sent = async (ticketId: number, body: string) => Number((await w.k.db('messages').where({ ticketId, body }).count({ n: '*' }).first())!.n);

let orderFlow: Promise<{ id: number }> | undefined;
/** The published flow every new webchat conversation starts: a message, the HTTP node, its two branches. */
const publishedOrderFlow = () =>
  (orderFlow ??= (async () => {
    const graph: FlowGraph = {
      nodes: [
        n('start', 'start'),
        n('hold', 'message', { text: 'Consultando seu pedido…' }),
        n('call', 'http', { method: 'POST', url: `${base}/orders`, body: '{"pedido":"42"}', responseMap: [{ path: 'order.status', variable: 'status' }], timeoutSeconds: 5 }),
        n('ok', 'message', { text: 'Pedido 42: {{status}}' }),
        n('bad', 'message', { text: 'Sistema indisponível' }),
        n('end', 'end'),
      ],
      edges: [e('start', 'next', 'hold'), e('hold', 'next', 'call'), e('call', 'success', 'ok'), e('call', 'error', 'bad'), e('ok', 'next', 'end'), e('bad', 'next', 'end')],
    };
    const flow = await api('POST', '/flowbuilder', { name: 'Pedido', graph });
    await api('POST', `/flowbuilder/${flow.id}/publish`);
    await api('PUT', `/flowbuilder/${flow.id}/triggers`, { triggers: [{ kind: 'default', connectionId: null }] });
    return flow as { id: number };
  })());

describe('a flow whose node dies mid-HTTP-request', () => {
  it('takes the error branch without calling again once three leases ended with no result', async () => {
    const flow = await publishedOrderFlow();
    const calls = seen.length;
    const c = await w.customer('webchat');
    await c.send('oi');
    const ticket = await c.ticket();
    c.close();
    // The flow starts from the hand-off timer; run just that one (the HTTP row its run writes is due after it): the call is not claimed here.
    const handOff = await waitFor(() => w.k.db('timedWork').where({ kind: 'bot.handOff' }).whereRaw(`payload->>'ticketId' = ?`, [String(ticket.id)]).first());
    await w.k.kernel.core.timedWork.runDue(new Date(new Date(handOff.dueAt).getTime() + 1)); // the row keeps microseconds
    const row = await waitFor(() => w.k.db('timedWork').where({ kind: HTTP_KIND }).whereRaw(`payload->>'ticketId' = ?`, [String(ticket.id)]).first());
    expect(await sent(ticket.id, 'Consultando seu pedido…')).toBe(1);
    expect(row.payload.claims ?? 0).toBe(0);
    // Three claims whose nodes died before recording (each a lease that ran out), as the row would say.
    await w.k.db('timedWork').where({ id: row.id }).update({ payload: w.k.db.raw(`jsonb_set(payload, '{claims}', '${HTTP_MAX_CLAIMS}')`) });

    await w.k.kernel.core.timedWork.runDue(new Date());
    await waitFor(async () => ((await sent(ticket.id, 'Sistema indisponível')) ? true : undefined));
    expect(seen).toHaveLength(calls);
    expect(await sent(ticket.id, 'Pedido 42: enviado')).toBe(0);
    expect(await w.k.db('timedWork').where({ id: row.id }).first()).toBeUndefined();
    expect(await w.k.db('flowBuilderRuns').where({ ticketId: ticket.id }).first()).toMatchObject({ status: 'done', nodeId: 'end' });
    const counters = await api('GET', `/flowbuilder/${flow.id}/counters`);
    expect(counters.find((c: any) => c.nodeId === 'call')).toMatchObject({ entered: 1, completed: 1, dropped: 0, errors: 1 });
  });

  it('calls again with the same Idempotency-Key once the lease ends, and walks on from one recorded answer', async () => {
    const flow = await publishedOrderFlow();
    const child = await startChildKernel(w.k, { plugins: ['@guiche/plugin-channel-webchat', '@guiche/plugin-flow-builder'], env: { WEBHOOKS_ALLOW_PRIVATE: '1' } });
    children.push(child);
    const c = await w.customer('webchat', { url: child.url });
    await c.send('oi');
    expect((await receive(c))[0].body).toBe('Consultando seu pedido…');
    const ticket = await c.ticket();
    await arrived;
    c.close();
    await child.kill('SIGKILL');

    // The run waits on the node; its call is leased to the dead node: nothing runs before the lease ends.
    const run = await w.k.db('flowBuilderRuns').where({ ticketId: ticket.id }).first();
    expect(run).toMatchObject({ status: 'waiting', nodeId: 'call' });
    await w.k.kernel.core.timedWork.runDue(new Date());
    expect(seen).toHaveLength(1);

    await w.k.kernel.core.timedWork.runDue(new Date(Date.now() + 2 * MIN));
    await waitFor(async () => ((await sent(ticket.id, 'Pedido 42: enviado')) ? true : undefined));
    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]).toEqual(seen[0]);

    // Nothing is left to run: no third call, every message once.
    await waitFor(async () => ((await w.k.db('timedWork').where({ kind: HTTP_KIND }).first()) ? undefined : true));
    await w.k.kernel.core.timedWork.runDue(new Date(Date.now() + 10 * MIN));
    expect(seen).toHaveLength(2);
    expect(await sent(ticket.id, 'Consultando seu pedido…')).toBe(1);
    expect(await sent(ticket.id, 'Pedido 42: enviado')).toBe(1);
    expect(await sent(ticket.id, 'Sistema indisponível')).toBe(0);
    expect(await w.k.db('flowBuilderRuns').where({ id: run.id }).first()).toMatchObject({ status: 'done', nodeId: 'end' });
    const counters = await api('GET', `/flowbuilder/${flow.id}/counters`);
    // With the previous test's run, which took the error branch.
    expect(counters.find((c: any) => c.nodeId === 'call')).toMatchObject({ entered: 2, completed: 2, dropped: 0, errors: 1 });
    expect(counters.find((c: any) => c.nodeId === 'ok')).toMatchObject({ entered: 1, completed: 1 });
  });

});
