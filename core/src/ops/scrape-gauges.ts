import type { Knex } from 'knex';
import type { Server as SocketIoServer } from 'socket.io';
import { Gauge } from 'prom-client';
import type { Jobs } from '../ports/types.js';
import { BullmqJobs, JOB_STATES } from '../ports/jobs/bullmq-jobs.js';
import type { OpsMetrics } from './metrics.js';

export interface ScrapeSources {
  db: Knex;
  jobs: Jobs;
  io: SocketIoServer;
  /** Connection ids whose session runs on this node. */
  heldSessions(): number[];
}

interface TarnPool {
  numUsed(): number;
  numPendingAcquires(): number;
}

const seconds = (ms: number) => Math.max(0, ms) / 1000;

/**
 * Gauges computed when Prometheus scrapes, never on a timer: each reads one cheap, index-backed
 * aggregate (the pending-outbound and due-timer partial indexes) or this process's own state.
 */
export function registerScrapeGauges(metrics: OpsMetrics, sources: ScrapeSources): void {
  const registers = [metrics.registry];
  const { db } = sources;

  new Gauge({
    name: 'guiche_outbound_pending_messages',
    help: 'Outbound messages waiting for delivery (all nodes: read from the database)',
    registers,
    async collect() {
      const row = await db('messages').where({ sendStatus: 'pending' }).first(db.raw('count(*)::int as count'));
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: 'guiche_outbound_oldest_pending_age_seconds',
    help: 'Age of the oldest outbound message still waiting for delivery (0 when none)',
    registers,
    async collect() {
      const row = await db('messages').where({ sendStatus: 'pending' }).first(db.raw('min(created_at) as oldest'));
      this.set(row?.oldest ? seconds(Date.now() - new Date(row.oldest).getTime()) : 0);
    },
  });
  new Gauge({
    name: 'guiche_timed_work_due',
    help: 'Timed work rows due but not yet claimed',
    registers,
    async collect() {
      const row = await db('timedWork').whereNull('failedAt').where('dueAt', '<=', db.fn.now()).first(db.raw('count(*)::int as count'));
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: 'guiche_timed_work_lag_seconds',
    help: 'How late the most overdue unclaimed timed work row is (0 when none)',
    registers,
    async collect() {
      const row = await db('timedWork').whereNull('failedAt').where('dueAt', '<=', db.fn.now()).first(db.raw('min(due_at) as oldest'));
      this.set(row?.oldest ? seconds(Date.now() - new Date(row.oldest).getTime()) : 0);
    },
  });
  new Gauge({
    name: 'guiche_jobs',
    help: 'BullMQ jobs of the queues this node consumes, by queue family and state',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      if (!(sources.jobs instanceof BullmqJobs)) return;
      for (const [queue, counts] of await sources.jobs.counts()) {
        for (const state of JOB_STATES) this.set({ queue, state }, counts[state]);
      }
    },
  });
  new Gauge({
    name: 'guiche_channel_sessions',
    help: 'Channel sessions running on this node, by connection status',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const held = sources.heldSessions();
      if (!held.length) return;
      const rows: Array<{ status: string; count: number }> = await db('whatsapps').whereIn('id', held).groupBy('status').select('status', db.raw('count(*)::int as count'));
      for (const row of rows) this.set({ status: String(row.status) }, Number(row.count));
    },
  });
  new Gauge({
    name: 'guiche_sockets_connected',
    help: 'socket.io clients connected to this node',
    registers,
    collect() {
      this.set(sources.io.engine.clientsCount);
    },
  });
  const pool = () => (db.client as { pool?: Partial<TarnPool> }).pool;
  new Gauge({
    name: 'guiche_db_pool_in_use',
    help: 'Database connections of this node in use',
    registers,
    collect() {
      this.set(pool()?.numUsed?.() ?? 0);
    },
  });
  new Gauge({
    name: 'guiche_db_pool_waiting',
    help: 'Queries of this node waiting for a database connection',
    registers,
    collect() {
      this.set(pool()?.numPendingAcquires?.() ?? 0);
    },
  });
  new Gauge({
    name: 'guiche_connections_alerting',
    help: 'Connections whose down alert is raised now (all nodes: read from the database)',
    registers,
    async collect() {
      const row = await db('connectionAlerts').whereNotNull('alertedAt').first(db.raw('count(*)::int as count'));
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: 'guiche_connection_flapping_drops',
    help: 'Drops of connections in their current flapping series (drops less than an hour apart), summed',
    registers,
    async collect() {
      const row = await db('connectionAlerts').where('lastDropAt', '>', new Date(Date.now() - 3_600_000)).first(db.raw('coalesce(sum(drops), 0)::int as count'));
      this.set(Number(row?.count ?? 0));
    },
  });
}
