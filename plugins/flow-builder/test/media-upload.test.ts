import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@guiche/core/testing';
import type { FlowGraph } from '@guiche/contracts';
import { receive, startBotWorld, type BotWorld } from '../../../core/test/bot-support.js';
import flowBuilder from '../src/plugin.js';

/**
 * A message node's uploaded file (issue 34): stored once through POST /flowbuilder/:id/media, named
 * in the node's data, checked to be the company's, required at publish, and sent from the storage
 * to a web chat visitor walking the flow (no HTTP fetch). Export/import keeps it in the company and
 * drops it in another one.
 */
let w: BotWorld;
let admin: string;

beforeAll(async () => {
  w = await startBotWorld({ plugins: [flowBuilder] });
  admin = w.company.admin.token;
  await w.configure('webchat', { greetingMessage: 'Olá da fila' });
});
afterAll(async () => w?.close());

const api = (method: string, path: string, body?: unknown, token = admin) => w.k.api(method, path, { token, body });
const ok = async (method: string, path: string, body?: unknown) => {
  const res = await api(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 7)]);

async function upload(flowId: number, file: { bytes: Buffer; type: string; name: string }, token = admin) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${w.k.apiUrl}/flowbuilder/${flowId}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

const withFile = (mediaFile: unknown): FlowGraph =>
  ({
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} },
      { id: 'doc', type: 'message', position: { x: 0, y: 100 }, data: { text: 'Segue o catálogo', mediaFile } },
      { id: 'end', type: 'end', position: { x: 0, y: 200 }, data: {} },
    ],
    edges: [
      { id: 'e1', source: 'start', sourceHandle: 'next', target: 'doc' },
      { id: 'e2', source: 'doc', sourceHandle: 'next', target: 'end' },
    ],
  }) as FlowGraph;

describe('a message node with an uploaded file', () => {
  it('uploads, saves in the node, publishes and sends the file from the storage to a web chat visitor', async () => {
    const flow = await ok('POST', '/flowbuilder', { name: 'Catálogo' });
    const stored = await upload(flow.id, { bytes: PDF, type: 'application/pdf', name: 'catálogo 2026.pdf' });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ mimetype: 'application/pdf', fileName: 'catálogo 2026.pdf' });
    expect(stored.body.path).toMatch(new RegExp(`^company${w.company.company.id}/flow-builder/uploads/[0-9a-f-]{36}\\.pdf$`));

    await ok('PUT', `/flowbuilder/${flow.id}`, { graph: withFile(stored.body) });
    await ok('POST', `/flowbuilder/${flow.id}/publish`);
    await ok('PUT', `/flowbuilder/${flow.id}/triggers`, { triggers: [{ kind: 'default', connectionId: w.connections.webchat.id }] });

    const c = await w.customer('webchat');
    await c.send('oi');
    const [message] = await receive(c, 1);
    expect(message).toEqual({ body: 'Segue o catálogo', file: { fileName: 'catálogo 2026.pdf', mimetype: 'application' } });
    const ticket = await c.ticket();
    const row = await waitFor(() => w.k.db('messages').where({ ticketId: ticket.id, fromMe: true }).whereNotNull('mediaUrl').first());
    expect(row).toMatchObject({ mediaType: 'application', mediaName: 'catálogo 2026.pdf' });
    // The message has its own copy: erasing it never takes the node's file.
    expect(row.mediaUrl).not.toBe(stored.body.path);
    expect(row.mediaUrl).toMatch(new RegExp(`^company${w.company.company.id}/flow-builder/`));
    const storage = w.k.kernel.core.storage;
    expect((await storage.read(row.mediaUrl)).equals(PDF)).toBe(true);
    expect(await storage.stat(stored.body.path)).not.toBeNull();
  });

  it('refuses a file too big or of a refused type, and another company uploading into this flow', async () => {
    const flow = await ok('POST', '/flowbuilder', { name: 'Limites' });
    const big = await upload(flow.id, { bytes: Buffer.alloc(16 * 1024 * 1024 + 1, 1), type: 'video/mp4', name: 'grande.mp4' });
    expect(big).toMatchObject({ status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE' } });
    const html = await upload(flow.id, { bytes: Buffer.from('<script>alert(1)</script>'), type: 'text/html', name: 'x.html' });
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['file'], message: 'validation.flowMediaFile' }] });
    const other = await w.k.createCompany();
    const foreign = await upload(flow.id, { bytes: PDF, type: 'application/pdf', name: 'a.pdf' }, other.admin.token);
    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_FLOW_FOUND' } });
    const files = await w.k.kernel.core.db('flowBuilderFlows').where({ id: flow.id }).first('graph');
    expect(files.graph.nodes).toHaveLength(1);
  });

  it("refuses a node naming another company's file or a path outside the flow builder's uploads", async () => {
    const other = await w.k.createCompany();
    const theirs = await ok('POST', '/flowbuilder', { name: 'Deles' });
    const otherFlow = (await api('POST', '/flowbuilder', { name: 'Outra' }, other.admin.token)).body;
    const foreignFile = (await upload(otherFlow.id, { bytes: PDF, type: 'application/pdf', name: 'segredo.pdf' }, other.admin.token)).body;
    expect(foreignFile.path).toMatch(new RegExp(`^company${other.company.id}/`));

    const refused = await api('PUT', `/flowbuilder/${theirs.id}`, { graph: withFile(foreignFile) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: ['graph', 'nodes', 1, 'data', 'mediaFile', 'path'], message: 'validation.flowMediaFile' }] });
    const created = await api('POST', '/flowbuilder', { name: 'Nova', graph: withFile(foreignFile) });
    expect(created.status).toBe(400);
    for (const path of [`company${w.company.company.id}/messages/3f1c1e1a-8a3e-4a59-9b7e-0a1b2c3d4e5f.pdf`, `company${w.company.company.id}/flow-builder/uploads/../../x.pdf`, '/etc/passwd']) {
      const bad = await api('PUT', `/flowbuilder/${theirs.id}`, { graph: withFile({ ...foreignFile, path }) });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body.issues)).toContain('validation.flowMediaFile');
    }
  });

  it('publishing refuses a node whose file is missing; export/import keeps the file in the company and drops it in another', async () => {
    const flow = await ok('POST', '/flowbuilder', { name: 'Exportado' });
    const stored = (await upload(flow.id, { bytes: Buffer.from('RIFF....WEBPVP8 '), type: 'image/webp', name: 'foto.webp' })).body;
    await ok('PUT', `/flowbuilder/${flow.id}`, { graph: withFile(stored) });
    const exported = await ok('GET', `/flowbuilder/${flow.id}/export`);
    expect(exported.graph.nodes[1].data.mediaFile).toEqual(stored);

    const same = await ok('POST', '/flowbuilder/import', exported);
    expect(same.graph.nodes[1].data.mediaFile).toEqual(stored);
    expect((await api('POST', `/flowbuilder/${same.id}/publish`)).status).toBe(201);

    const other = await w.k.createCompany();
    const imported = await api('POST', '/flowbuilder/import', exported, other.admin.token);
    expect(imported.status).toBe(201);
    expect(imported.body.graph.nodes[1].data.mediaFile).toEqual({ path: null, mimetype: 'image/webp', fileName: 'foto.webp' });
    const refused = await api('POST', `/flowbuilder/${imported.body.id}/publish`, undefined, other.admin.token);
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toContainEqual({ code: 'validation.flowRequired', nodeId: 'doc', detail: 'mediaFile' });

    // A file gone from the storage: the draft may be saved, publishing says which node needs it.
    await w.k.kernel.core.storage.remove(stored.path);
    const gone = await api('POST', `/flowbuilder/${flow.id}/publish`);
    expect(gone.status).toBe(422);
    expect(gone.body.problems).toEqual([{ code: 'validation.flowRequired', nodeId: 'doc', detail: 'mediaFile' }]);
  });

  it('the simulator names the file without reading it', async () => {
    const flow = await ok('POST', '/flowbuilder', { name: 'Simulado' });
    const stored = (await upload(flow.id, { bytes: Buffer.from('ID3 fake'), type: 'audio/mpeg', name: 'aviso.mp3' })).body;
    const sim = await ok('POST', `/flowbuilder/${flow.id}/simulate`, { graph: withFile(stored), event: { kind: 'start' } });
    expect(sim.steps[0]).toMatchObject({ kind: 'message', nodeId: 'doc', body: 'Segue o catálogo', media: { type: 'audio', fileName: 'aviso.mp3' } });
  });
});
