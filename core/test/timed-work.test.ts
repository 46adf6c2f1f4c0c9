import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type PluginContext, type TimedJob } from '@guiche/core';
import { createTestKernel, startChildKernel, waitFor, type ChildKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';

const HOUR = 3_600_000;
const probeUrl = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'timed-probe-plugin.mjs')).href;

/** What the test kinds did, in order (only committed runs count: they write rows too). */
const calls: string[] = [];
let flakyFailures = 0;
let ctxOf: PluginContext;
let gatedCtx: PluginContext;

const casesPlugin = definePlugin({
  id: 'timed-cases',
  kind: 'module',
  planFlag: null,
  async register(ctx) {
    ctxOf = ctx;
    await ctx.db.raw('CREATE TABLE IF NOT EXISTS timed_case_effects (id serial PRIMARY KEY, key text NOT NULL)');
    ctx.timedWork.define<{ n: number }>('test.once', async (job) => {
      calls.push(`once:${job.key}:${job.payload.n}`);
      await job.trx('timed_case_effects').insert({ key: job.key });
    });
    ctx.timedWork.define<{ left: number }>('test.repeat', async (job) => {
      calls.push(`repeat:${job.payload.left}`);
      if (job.payload.left <= 1) return;
      return { rescheduleAt: new Date(job.now.getTime() + HOUR), payload: { left: job.payload.left - 1 } };
    });
    // Writes its effect, then fails while flakyFailures > 0: the effect must roll back with the throw.
    ctx.timedWork.define(
      'test.flaky',
      async (job) => {
        await job.trx('timed_case_effects').insert({ key: job.key });
        if (flakyFailures > 0) {
          flakyFailures -= 1;
          throw new Error('outside service down');
        }
      },
      { maxAttempts: 3, backoffMs: 60_000 },
    );
    ctx.timedWork.define<{ ticketId: number; companyId: number; fail?: boolean }>('test.note', async (job) => {
      await ctx.messages.send({ companyId: job.payload.companyId, ticketId: job.payload.ticketId, userId: null, body: `note ${job.key}`, isPrivate: true }, job);
      job.afterCommit(() => void calls.push(`after:${job.key}`));
      if (job.payload.fail) throw new Error('fails after sending');
    }, { maxAttempts: 1 });
  },
});

const gatedPlugin = definePlugin({
  id: 'timed-gated',
  kind: 'module',
  planFlag: 'useSchedules',
  register(ctx) {
    gatedCtx = ctx;
    ctx.timedWork.define('test.gated', async (job: TimedJob) => {
      calls.push(`gated:${job.key}`);
    });
  },
});

let k: TestKernel;
let company: TestCompany;

const effects = async (table: string, key?: string) => {
  const rows = await k.db(table).where(key ? { key } : {}).select('key');
  return rows.length;
};
const pending = (kind: string, key: string) => k.db('timedWork').where({ kind, key }).first();
const inHours = (h: number) => new Date(Date.now() + h * HOUR);

beforeAll(async () => {
  // A long poll: in these tests timers fire when the test says so (runDue), not on the wall clock.
  k = await createTestKernel({ plugins: [casesPlugin, gatedPlugin], config: { TIMED_WORK_POLL_MS: 60_000 } });
  company = await k.createCompany({ planFlags: { useSchedules: false } });
});
afterAll(async () => {
  await k?.close();
});

describe('timed work on one node', () => {
  it('fires a timer once, at its due time and not before', async () => {
    await ctxOf.timedWork.schedule({ kind: 'test.once', key: 'a', companyId: company.company.id, dueAt: inHours(1), payload: { n: 1 } });
    expect(await k.kernel.core.timedWork.runDue(inHours(0.5))).toBe(0);
    expect(await effects('timed_case_effects', 'a')).toBe(0);
    expect(await k.kernel.core.timedWork.runDue(inHours(2))).toBe(1);
    expect(await k.kernel.core.timedWork.runDue(inHours(3))).toBe(0);
    expect(await effects('timed_case_effects', 'a')).toBe(1);
    expect(await pending('test.once', 'a')).toBeUndefined();
  });

  it('counts a timer due within the millisecond it is run for as due (the database keeps microseconds)', async () => {
    // A row written by now() in the same millisecond as the Date a caller runs for (x.123456 against x.123).
    const ms = inHours(5).getTime();
    await ctxOf.timedWork.schedule({ kind: 'test.once', key: 'micro', companyId: null, dueAt: new Date(ms), payload: { n: 1 } });
    await k.db('timedWork').where({ kind: 'test.once', key: 'micro' }).update({ dueAt: k.db.raw("?::timestamptz + interval '700 microseconds'", [new Date(ms).toISOString()]) });
    expect(await k.kernel.core.timedWork.runDue(new Date(ms - 1))).toBe(0);
    expect(await k.kernel.core.timedWork.runDue(new Date(ms))).toBe(1);
    expect(await effects('timed_case_effects', 'micro')).toBe(1);
  });

  it('replaces a timer set again under the same key instead of adding one', async () => {
    await ctxOf.timedWork.schedule({ kind: 'test.once', key: 'b', companyId: null, dueAt: inHours(1), payload: { n: 1 } });
    await ctxOf.timedWork.schedule({ kind: 'test.once', key: 'b', companyId: null, dueAt: inHours(3), payload: { n: 2 } });
    expect(await k.kernel.core.timedWork.runDue(inHours(2))).toBe(0);
    expect(await k.kernel.core.timedWork.runDue(inHours(4))).toBe(1);
    expect(calls).toContain('once:b:2');
    expect(calls).not.toContain('once:b:1');
  });

  it('cancels a pending timer, and a cancel inside a rolled-back transaction keeps it', async () => {
    await ctxOf.timedWork.schedule({ kind: 'test.once', key: 'c', companyId: null, dueAt: inHours(1), payload: { n: 1 } });
    await k.db
      .transaction(async (trx) => {
        expect(await ctxOf.timedWork.cancel('test.once', 'c', trx)).toBe(true);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await pending('test.once', 'c')).toBeDefined();
    expect(await ctxOf.timedWork.cancel('test.once', 'c')).toBe(true);
    expect(await ctxOf.timedWork.cancel('test.once', 'c')).toBe(false);
    expect(await k.kernel.core.timedWork.runDue(inHours(2))).toBe(0);
    expect(await effects('timed_case_effects', 'c')).toBe(0);
  });

  it('does not keep a timer set in a transaction that rolled back', async () => {
    await k.db
      .transaction(async (trx) => {
        await ctxOf.timedWork.schedule({ kind: 'test.once', key: 'd', companyId: null, dueAt: inHours(1), payload: { n: 1 } }, trx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await pending('test.once', 'd')).toBeUndefined();
  });

  it('sets a repeating timer again with its new payload until the handler ends it', async () => {
    await ctxOf.timedWork.schedule({ kind: 'test.repeat', key: 'r', companyId: null, dueAt: inHours(1), payload: { left: 3 } });
    expect(await k.kernel.core.timedWork.runDue(inHours(1.5))).toBe(1);
    expect((await pending('test.repeat', 'r'))?.payload).toEqual({ left: 2 });
    expect(await k.kernel.core.timedWork.runDue(inHours(1.6))).toBe(0);
    expect(await k.kernel.core.timedWork.runDue(inHours(3))).toBe(1);
    expect(await k.kernel.core.timedWork.runDue(inHours(5))).toBe(1);
    expect(await pending('test.repeat', 'r')).toBeUndefined();
    expect(calls.filter((c) => c.startsWith('repeat:'))).toEqual(['repeat:3', 'repeat:2', 'repeat:1']);
  });

  it('rolls back a failed run, retries with backoff, and gives up after its attempts', async () => {
    flakyFailures = 1;
    await ctxOf.timedWork.schedule({ kind: 'test.flaky', key: 'f1', companyId: null, dueAt: inHours(1), payload: {} });
    expect(await k.kernel.core.timedWork.runDue(inHours(1))).toBe(1);
    expect(await effects('timed_case_effects', 'f1')).toBe(0);
    const retry = await pending('test.flaky', 'f1');
    expect(retry).toMatchObject({ attempts: 1, lastError: 'outside service down', failedAt: null });
    expect(new Date(retry.dueAt).getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await k.kernel.core.timedWork.runDue(inHours(2))).toBe(1);
    expect(await effects('timed_case_effects', 'f1')).toBe(1);
    expect(await pending('test.flaky', 'f1')).toBeUndefined();

    flakyFailures = 10;
    await ctxOf.timedWork.schedule({ kind: 'test.flaky', key: 'f2', companyId: null, dueAt: inHours(1), payload: {} });
    for (const at of [1, 2, 3, 4]) await k.kernel.core.timedWork.runDue(inHours(at));
    const given = await pending('test.flaky', 'f2');
    expect(given.attempts).toBe(3);
    expect(given.failedAt).not.toBeNull();
    expect(await effects('timed_case_effects', 'f2')).toBe(0);
    expect(await k.kernel.core.timedWork.runDue(inHours(10))).toBe(0);
    flakyFailures = 0;
  });

  it('sends a message in the claim transaction: kept when it commits, gone when it rolls back', async () => {
    const [contact] = await k.db('contacts').insert({ companyId: company.company.id, name: 'Ana', number: '5511999990001', channel: 'whatsapp' }).returning('id');
    const [ticket] = await k.db('tickets').insert({ companyId: company.company.id, contactId: contact.id, status: 'open' }).returning('id');
    const payload = { ticketId: ticket.id, companyId: company.company.id };
    await ctxOf.timedWork.schedule({ kind: 'test.note', key: 'n-ok', companyId: company.company.id, dueAt: inHours(1), payload });
    await ctxOf.timedWork.schedule({ kind: 'test.note', key: 'n-fail', companyId: company.company.id, dueAt: inHours(1), payload: { ...payload, fail: true } });
    await k.kernel.core.timedWork.runDue(inHours(2));
    const bodies = (await k.db('messages').where({ ticketId: ticket.id }).select('body')).map((m) => m.body);
    expect(bodies).toEqual(['note n-ok']);
    expect(calls).toContain('after:n-ok');
    expect(calls).not.toContain('after:n-fail');
    expect((await pending('test.note', 'n-fail')).failedAt).not.toBeNull();
  });

  it('postpones the timers of a tenant whose plan lacks the plugin flag, and fires them once it has it', async () => {
    await gatedCtx.timedWork.schedule({ kind: 'test.gated', key: 'g', companyId: company.company.id, dueAt: inHours(1), payload: {} });
    expect(await k.kernel.core.timedWork.runDue(inHours(2))).toBe(1);
    expect(calls).not.toContain('gated:g');
    expect(new Date((await pending('test.gated', 'g')).dueAt).getTime()).toBeGreaterThan(inHours(2).getTime());
    await k.setPlanFlags(company.company.id, { useSchedules: true });
    await k.kernel.core.timedWork.runDue(inHours(3));
    expect(calls.filter((c) => c === 'gated:g')).toHaveLength(1);
    expect(await pending('test.gated', 'g')).toBeUndefined();
  });
});

describe('timed work across processes (built kernel: npx tsc -b)', () => {
  const children: ChildKernel[] = [];
  const child = async (node: string, env: Record<string, string> = {}) => {
    const started = await startChildKernel(k, { plugins: [probeUrl], env: { PROBE_NODE: node, TIMED_WORK_POLL_MS: '20', ...env } });
    children.push(started);
    return started;
  };
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill()));
  });

  it('fires each timer exactly once with two nodes sweeping the same table', async () => {
    await Promise.all([child('node-a'), child('node-b')]);
    const keys = Array.from({ length: 300 }, (_, i) => `two-${i}`);
    await k.db('timedWork').insert(keys.map((key) => ({ kind: 'test.probe', key, dueAt: new Date(Date.now() - 1000), payload: '{}' })));
    await waitFor(async () => (await k.db('timedWork').where({ kind: 'test.probe' }).count({ n: '*' }).first())?.n === 0 || null, { timeout: 120_000 });
    const rows = await k.db('timed_probe_effects').where('key', 'like', 'two-%').select('key', 'node');
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.key)).size).toBe(300);
    const byNode = rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.node]: (acc[r.node] ?? 0) + 1 }), {});
    console.info('timers fired per node', byNode);
    await Promise.all(children.splice(0).map((c) => c.kill('SIGTERM')));
  });

  it('fires a timer once after the node running it is killed -9 in the middle of its transaction', async () => {
    const doomed = await child('doomed', { PROBE_HOLD: '1' });
    await k.db('timedWork').insert({ kind: 'test.probe', key: 'kill-1', dueAt: new Date(Date.now() - 1000), payload: '{}' });
    await doomed.waitForLine('PROBE_RUNNING kill-1');
    await doomed.kill('SIGKILL');
    // Its transaction died with it: no effect, the timer still due.
    expect(await effects('timed_probe_effects', 'kill-1')).toBe(0);
    expect(await pending('test.probe', 'kill-1')).toBeDefined();

    await child('survivor');
    await waitFor(async () => (await pending('test.probe', 'kill-1')) === undefined || null, { timeout: 60_000 });
    const rows = await k.db('timed_probe_effects').where({ key: 'kill-1' }).select('node');
    expect(rows).toEqual([{ node: 'survivor' }]);
  });
});

describe('timed work on the embedded default (PGlite, one connection)', () => {
  it('fires a timer that sends a note through the claim transaction without waiting on its own connection', async () => {
    const embedded = await createTestKernel({ embedded: true, plugins: [casesPlugin], config: { TIMED_WORK_POLL_MS: 60_000 } });
    try {
      const c = await embedded.createCompany();
      const [contact] = await embedded.db('contacts').insert({ companyId: c.company.id, name: 'Bia', number: '5511999990002', channel: 'whatsapp' }).returning('id');
      const [ticket] = await embedded.db('tickets').insert({ companyId: c.company.id, contactId: contact.id, status: 'open' }).returning('id');
      await ctxOf.timedWork.schedule({ kind: 'test.note', key: 'emb', companyId: c.company.id, dueAt: inHours(1), payload: { ticketId: ticket.id, companyId: c.company.id } });
      expect(await embedded.kernel.core.timedWork.runDue(inHours(2))).toBe(1);
      expect((await embedded.db('messages').where({ ticketId: ticket.id }).select('body')).map((m) => m.body)).toEqual(['note emb']);
    } finally {
      await embedded.close();
    }
  });
});
