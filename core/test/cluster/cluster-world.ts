import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { createTestKernel, startChildKernel, type ChildKernel, type TestKernel } from '../../src/testing/index.js';
import { startNginx, type Nginx } from '../../src/testing/nginx.js';
import { startPrivateRedis, type PrivateRedis } from '../../src/testing/redis-server.js';
import { sparePort } from '../../src/testing/spare-port.js';
import { startS3Server, type TestS3Server } from '../../src/testing/s3-server.js';
import { FakeWhatsappHub, type WireMessage } from './fake-whatsapp-hub.js';

const REMOTE_WHATSAPP = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'remote-whatsapp-plugin.mjs')).href;
export const NODE_PLUGINS = [REMOTE_WHATSAPP, '@guiche/plugin-channel-webchat', '@guiche/plugin-schedules'];
/** Each node serves /metrics on its API port to this bearer token, as a Prometheus scraper would read it. */
export const METRICS_TOKEN = 'cluster-test-metrics-token';

/** One Guichê node: a real process on a fixed port, so nginx finds it again after a restart. */
export interface ClusterNode {
  name: string;
  port: number;
  child: ChildKernel | null;
}

/**
 * A deployment as docs/deploy.md describes it, on this machine: N nodes (child processes of the
 * built kernel) on the test's PostgreSQL database, a redis-server of the test's own, media in an
 * S3-compatible bucket (s3rver), and nginx in front. `base` only owns the database (created and migrated for this file) and seeds rows; it runs
 * no channel, no plugin and no Redis, and every request of the scenario goes through nginx.
 */
export interface Cluster {
  base: TestKernel;
  redis: PrivateRedis;
  s3: TestS3Server;
  nginx: Nginx;
  hub: FakeWhatsappHub;
  nodes: ClusterNode[];
  /** nginx's URL: what browsers, visitors and integrators talk to. */
  url: string;
  startNode(node: ClusterNode): Promise<void>;
  /** SIGTERM (a rolling upgrade's drain) or SIGKILL (a crash); waits for the process to end. */
  stopNode(node: ClusterNode, signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster(nodeCount: number): Promise<Cluster> {
  const redis = await startPrivateRedis();
  const s3 = await startS3Server();
  // The parent never sweeps timers in time to matter: the nodes do the work. Its S3_* settings reach the nodes.
  const base = await createTestKernel({ redis: false, config: { TIMED_WORK_POLL_MS: 60000, ...s3.config } });
  const unstored = async (messages: WireMessage[]) => {
    if (messages.length === 0) return [];
    const stored = new Set(await base.db('messages').whereIn('wid', messages.map((m) => m.key.id)).pluck('wid'));
    return messages.filter((m) => !stored.has(m.key.id));
  };
  const hub = await FakeWhatsappHub.start(unstored);
  const nodes: ClusterNode[] = [];
  for (let i = 1; i <= nodeCount; i++) nodes.push({ name: `node-${i}`, port: await sparePort(), child: null });
  const nginx = await startNginx({ upstreams: nodes.map((n) => `127.0.0.1:${n.port}`) });

  async function startNode(node: ClusterNode): Promise<void> {
    node.child = await startChildKernel(base, {
      plugins: NODE_PLUGINS,
      env: {
        PORT: String(node.port),
        NODE_NAME: node.name,
        REDIS_URL: redis.url,
        TIMED_WORK_POLL_MS: '200',
        FAKE_WHATSAPP_URL: hub.url,
        LOGIN_RATE_LIMIT: '10000',
        METRICS_TOKEN,
      },
    });
  }

  async function stopNode(node: ClusterNode, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    await node.child?.kill(signal);
    node.child = null;
  }

  await Promise.all(nodes.map(startNode));
  return {
    base,
    redis,
    s3,
    nginx,
    hub,
    nodes,
    url: nginx.url,
    startNode,
    stopNode,
    async close() {
      await Promise.all(nodes.map((n) => stopNode(n, 'SIGKILL')));
      await nginx.stop();
      await hub.close();
      await base.close();
      await redis.stop();
      await s3.close();
    },
  };
}
