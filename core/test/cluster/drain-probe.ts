import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { waitFor } from '../../src/testing/index.js';
import type { Cluster, ClusterNode } from './cluster-world.js';

/** What the drain of a node showed, for the assertion groups. */
export interface DrainObservation {
  /** The file uploaded through the draining node while it drained (the request it had admitted). */
  media: { key: string; content: Buffer };
  /** /health/ready of the draining node once the drain had begun. */
  readyWhileDraining: number;
  /** /metrics of the draining node while it drained. */
  metricsWhileDraining: number;
  /** Requests through nginx while the node drained. */
  throughProxy: number[];
  /** The draining node's exit code. */
  exitCode: number | null;
}

/**
 * An upload of `content` to a node, held open after its first half: the node has admitted the
 * request (its `100 Continue` came back), so a drain must wait for it. `finish` sends the rest
 * and resolves with the answer.
 */
async function heldUpload(port: number, path: string, token: string, content: Buffer) {
  const boundary = `guiche${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nquickMessage\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="saudacao.ogg"\r\nContent-Type: audio/ogg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + content.length + tail.length,
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    request.on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    request.once('continue', () => resolve());
    answer.catch(reject);
  });
  const half = content.length >> 1;
  request.write(Buffer.concat([head, content.subarray(0, half)]));
  return {
    finish() {
      request.end(Buffer.concat([content.subarray(half), tail]));
      return answer;
    },
  };
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res.status;
};

/**
 * A rolling upgrade's drain, observed: with an upload admitted and still streaming, SIGTERM; the
 * node's readiness turns 503 while its metrics still answer, nginx keeps serving from the other
 * nodes, then the upload completes (into the bucket) and the node exits.
 */
export async function drainWithUploadInFlight(cluster: Cluster, node: ClusterNode, token: string, metricsToken: string): Promise<DrainObservation> {
  const base = `http://127.0.0.1:${node.port}`;
  const quick = await fetch(`${base}/api/quick-messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ shortcode: `drain${randomBytes(3).toString('hex')}` }),
  });
  expect(quick.status).toBe(201);
  const { id } = (await quick.json()) as { id: number };
  const content = randomBytes(64 * 1024);
  const upload = await heldUpload(node.port, `/api/quick-messages/${id}/media-upload`, token, content);

  const child = node.child!;
  process.kill(child.pid, 'SIGTERM');
  await waitFor(async () => (await get(`${base}/health/ready`)) === 503, { timeout: 30_000 });
  const readyWhileDraining = await get(`${base}/health/ready`);
  const metricsWhileDraining = await get(`${base}/metrics`, { authorization: `Bearer ${metricsToken}` });
  const throughProxy: number[] = [];
  for (let i = 0; i < 6; i++) throughProxy.push(await get(`${cluster.url}/api/tickets?showAll=true`, { authorization: `Bearer ${token}` }));

  const uploaded = await upload.finish();
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const exitCode = await child.exited;
  node.child = null;
  return { media: { key: uploaded.body.mediaPath as string, content }, readyWhileDraining, metricsWhileDraining, throughProxy, exitCode };
}
