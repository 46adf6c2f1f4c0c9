import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, storageFolder, waitFor, type ChildKernel, type TestKernel } from '@guiche/core/testing';

/**
 * A company deletion survives its node being killed -9 in the middle of the rows transaction
 * (built kernel: npx tsc -b): nothing of it commits, the timer stays, and another node finishes it.
 */

let k: TestKernel;
let child: ChildKernel | null = null;
beforeAll(async () => {
  k = await createTestKernel();
  // Only the child sweeps until it dies; then this node runs what is due by hand.
  await k.kernel.core.timedWork.stop();
});
afterAll(async () => {
  await child?.kill().catch(() => undefined);
  await k?.close();
});

const pendingDeletion = (companyId: number) => k.db('timedWork').where({ kind: 'account.companyDeletion', key: String(companyId) }).first();

describe('company deletion across a crash', () => {
  it('finishes on another node after the first is killed -9 while deleting rows', { timeout: 90_000 }, async () => {
    const { company, admin } = await k.createCompany();
    const [tag] = await k.db('tags').insert({ companyId: company.id, name: 'Presa', color: '#A4CCCC' }).returning('id');
    await k.db('contacts').insert({ companyId: company.id, name: 'Cliente', number: '5511999990001', channel: 'whatsapp' });
    const stored = await k.kernel.core.storage.save(company.id, 'media', 'a.txt', Buffer.from('x'));

    // Hold one of the company's rows so the child's rows step blocks inside its transaction.
    const holder = await k.db.transaction();
    await holder('tags').where({ id: tag.id }).forUpdate().first();

    expect((await k.api('DELETE', `/companies/${company.id}`, { token: k.superToken })).status).toBe(202);
    child = await startChildKernel(k, { plugins: [], env: { TIMED_WORK_POLL_MS: '20' } });
    await waitFor(async () => {
      const { rows } = await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
      return rows[0].n > 0 || null;
    }, { timeout: 30_000 });
    expect(fs.existsSync(path.join(storageFolder(k), `company${company.id}`))).toBe(false);
    expect((await pendingDeletion(company.id)).payload).toMatchObject({ companyId: company.id, step: 'rows' });

    await child.kill('SIGKILL');
    child = null;
    await holder.rollback();

    // Nothing of the killed transaction committed: the company and its rows are all there.
    await waitFor(async () => (await k.db.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'")).rows[0].n === 0 || null, { timeout: 30_000 });
    expect(await k.db('companies').where({ id: company.id }).first('id')).toBeDefined();
    expect(await k.db('tags').where({ companyId: company.id }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    expect(await pendingDeletion(company.id)).toBeDefined();

    await waitFor(async () => {
      await k.kernel.core.timedWork.runDue();
      return (await k.db('companies').where({ id: company.id }).first('id')) ? null : true;
    }, { timeout: 30_000 });
    expect(await k.db('tags').where({ companyId: company.id }).first()).toBeUndefined();
    expect(await k.db('contacts').where({ companyId: company.id }).first()).toBeUndefined();
    expect(await k.db('users').where({ id: admin.user.id }).first()).toBeUndefined();
    expect(await pendingDeletion(company.id)).toBeUndefined();
    expect(!!(await k.kernel.core.storage.stat(stored.path))).toBe(false);
  });
});
