import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import { runHttpNode } from '../src/http/request.js';
import { createFlowBuilderPlugin } from '../src/plugin.js';

/**
 * The HTTP node (a real local server), tags through the plugin context, and conditions on tags,
 * contact fields and service hours, walked by website-chat visitors.
 */
let w: BotWorld;
let server: Server;
let base: string;
const seen: { method: string; url: string; body: string; auth?: string; store?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body, auth: req.headers.authorization, store: req.headers['x-loja'] as string | undefined });
      if (req.url?.startsWith('/fail')) return void res.writeHead(500).end('{}');
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.writeHead(200).end('{}'), 3000);
      if (req.url?.startsWith('/image.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('89504e470d0a1a0a', 'hex'));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ order: { status: 'enviado', items: [{ name: 'Cadeira' }] } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  w = await startBotWorld({ plugins: [createFlowBuilderPlugin({ http: { allowPrivate: true } })] });
});
afterAll(async () => {
  await w?.close();
  server?.close();
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await w.k.api(method, path, { token: w.company.admin.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const n = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, data }) as FlowGraph['nodes'][number];
const e = (source: string, sourceHandle: string, target: string) => ({ id: `${source}-${sourceHandle}`, source, sourceHandle, target });

async function startFlow(graph: FlowGraph, phrase: string) {
  const flow = await api('POST', '/flowbuilder', { name: phrase, graph });
  await api('POST', `/flowbuilder/${flow.id}/publish`);
  await api('PUT', `/flowbuilder/${flow.id}/triggers`, { triggers: [{ kind: 'keyword', connectionId: null, phrase, match: 'exact' }] });
  return flow;
}

describe('HTTP, tags and conditions in a published flow', () => {
  it('the HTTP node sends variables, maps the JSON answer into variables and takes its error output on a 500', async () => {
    const order = (path: string): FlowGraph => ({
      nodes: [
        n('start', 'start'),
        n('ask', 'question', { text: 'Número do pedido?', saveTo: { kind: 'variable', name: 'pedido' } }),
        n('call', 'http', { method: 'POST', url: `${base}${path}?id={{pedido}}`, headers: [{ name: 'Authorization', value: 'Bearer t-{{pedido}}' }, { name: ' X-Loja ', value: 'loja-{{pedido}}' }], body: '{"pedido":"{{pedido}}"}', responseMap: [{ path: 'order.status', variable: 'status' }, { path: ' order.items.0.name ', variable: 'item ' }], timeoutSeconds: 2 }),
        n('ok', 'message', { text: 'Pedido {{pedido}}: {{status}} ({{item}})' }),
        n('bad', 'message', { text: 'Sistema indisponível' }),
        n('end', 'end'),
      ],
      edges: [e('start', 'next', 'ask'), e('ask', 'next', 'call'), e('call', 'success', 'ok'), e('call', 'error', 'bad'), e('ok', 'next', 'end'), e('bad', 'next', 'end')],
    });
    const flow = await startFlow(order('/orders'), 'pedido');
    const c = await w.customer('webchat');
    await c.send('pedido');
    expect((await receive(c))[0].body).toBe('Número do pedido?');
    await c.send('42');
    expect((await receive(c))[0].body).toBe('Pedido 42: enviado (Cadeira)');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/orders?id=42', body: '{"pedido":"42"}', auth: 'Bearer t-42', store: 'loja-42' });

    await startFlow(order('/fail'), 'falha');
    const d = await w.customer('webchat');
    await d.send('falha');
    await receive(d);
    await d.send('7');
    expect((await receive(d))[0].body).toBe('Sistema indisponível');
    const counters = await api('GET', `/flowbuilder/${flow.id}/counters`);
    expect(counters.find((x: any) => x.nodeId === 'call')).toMatchObject({ entered: 1, completed: 1, errors: 0 });
  });

  it('refuses private addresses unless allowed, and times out', async () => {
    const node = n('h', 'http', { method: 'GET', url: `${base}/orders`, responseMap: [{ path: 'order.status', variable: 's' }], timeoutSeconds: 1 }) as any;
    expect(await runHttpNode(node, {}, { allowPrivate: false })).toBeNull();
    expect(await runHttpNode({ ...node, data: { ...node.data, url: 'http://169.254.169.254/latest' } }, {}, { allowPrivate: false })).toBeNull();
    expect(await runHttpNode(node, {}, { allowPrivate: true })).toEqual({ s: 'enviado' });
    expect(await runHttpNode({ ...node, data: { ...node.data, url: `${base}/slow` } }, {}, { allowPrivate: true })).toBeNull();
  });

  it('sets and removes tags through the plugin context and branches on tags, contact fields and service hours', async () => {
    const [vip] = await w.k.db('tags').insert({ companyId: w.company.company.id, name: 'VIP', color: '#ff0000' }).returning('id');
    const [other] = await w.k.db('tags').insert({ companyId: (await w.k.createCompany()).company.id, name: 'Alheia', color: '#00ff00' }).returning('id');
    const graph: FlowGraph = {
      nodes: [
        n('start', 'start'),
        n('tag', 'setTag', { tagId: vip.id }),
        n('isVip', 'condition', { subject: 'tag', operator: 'equals', value: String(vip.id) }),
        n('named', 'condition', { subject: 'contactField', name: 'name', operator: 'exists' }),
        n('hours', 'condition', { subject: 'businessHours' }),
        n('open', 'message', { text: 'VIP, com nome, no horário', mediaUrl: `${base}/image.png`, mediaType: 'image' }),
        n('no', 'message', { text: 'não' }),
        n('untag', 'removeTag', { tagId: vip.id }),
        n('end', 'end'),
      ],
      edges: [
        e('start', 'next', 'tag'), e('tag', 'next', 'isVip'), e('isVip', 'true', 'named'), e('isVip', 'false', 'no'),
        e('named', 'true', 'hours'), e('named', 'false', 'no'), e('hours', 'true', 'open'), e('hours', 'false', 'no'),
        e('open', 'next', 'untag'), e('no', 'next', 'end'), e('untag', 'next', 'end'),
      ],
    };
    await startFlow(graph, 'vip');
    const c = await w.customer('webchat');
    await c.send('vip');
    const [said] = await receive(c);
    expect(said.body).toBe('VIP, com nome, no horário');
    const ticket = await c.ticket();
    const message = await waitFor(() => w.k.db('messages').where({ ticketId: ticket.id, fromMe: true }).whereNotNull('mediaUrl').first());
    expect(message.mediaType).toBe('image');
    await waitFor(async () => ((await w.k.db('tickets').where({ id: ticket.id }).first()).useIntegration ? undefined : true));
    // Set, then removed by the flow's last step.
    expect(await w.k.db('ticketTags').where({ ticketId: ticket.id })).toEqual([]);

    // A tag of another company is an error: the ticket goes to a human, nothing is tagged.
    await startFlow({ nodes: [n('start', 'start'), n('tag', 'setTag', { tagId: other.id }), n('end', 'end')], edges: [e('start', 'next', 'tag'), e('tag', 'next', 'end')] }, 'alheia');
    const d = await w.customer('webchat');
    await d.send('alheia');
    const t = await waitFor(async () => {
      const row = await d.ticket();
      return row.useIntegration ? undefined : row;
    });
    expect(await w.k.db('ticketTags').where({ ticketId: t.id })).toEqual([]);
    expect(await w.k.db('flowBuilderRuns').where({ ticketId: t.id }).first()).toMatchObject({ status: 'failed', nodeId: 'tag' });
  });
});
