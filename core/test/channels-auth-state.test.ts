import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';
import { createAuthStateStore } from '../src/channels/auth-state.js';
import { createFakeConnection } from './channels-fake-channel.js';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => {
  await k?.close();
});

describe('channel auth state in PostgreSQL', () => {
  it('stores, reads back and deletes values per connection, strings and objects alike', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    const store = createAuthStateStore(k.db, company.company.id, connectionId);
    await store.set([
      { category: 'creds', id: 'main', value: { me: { id: '5511@s.whatsapp.net' }, registered: true } },
      { category: 'pre-key', id: '1', value: '{"type":"Buffer","data":"AQID"}' },
      { category: 'pre-key', id: '2', value: 'second' },
    ]);
    expect(await store.get('creds', 'main')).toEqual({ me: { id: '5511@s.whatsapp.net' }, registered: true });
    expect(await store.get('pre-key', '1')).toBe('{"type":"Buffer","data":"AQID"}');
    expect(await store.getMany('pre-key', ['1', '2', '3'])).toEqual({ 1: '{"type":"Buffer","data":"AQID"}', 2: 'second' });
    expect(await store.get('pre-key', '3')).toBeNull();

    await store.set([{ category: 'pre-key', id: '1', value: null }, { category: 'pre-key', id: '2', value: 'replaced' }]);
    expect(await store.getMany('pre-key', ['1', '2'])).toEqual({ 2: 'replaced' });

    // Another connection of the same company sees none of it.
    const other = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Other', channel: 'webchat' } });
    expect(await createAuthStateStore(k.db, company.company.id, other.body.id).get('creds', 'main')).toBeNull();

    await store.clear();
    expect(await store.get('creds', 'main')).toBeNull();
    expect(await store.getMany('pre-key', ['2'])).toEqual({});
  });

  it('writes a batch in one transaction: a failing entry rolls back every other one', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    const store = createAuthStateStore(k.db, company.company.id, connectionId);
    await store.set([{ category: 'session', id: 'a', value: 'kept' }]);
    await expect(
      store.set([
        { category: 'session', id: 'a', value: null },
        { category: 'session', id: 'b', value: 'new' },
        // longer than the category column: the database refuses this row
        { category: 'x'.repeat(100), id: 'c', value: 'bad' },
      ]),
    ).rejects.toThrow();
    expect(await store.get('session', 'a')).toBe('kept');
    expect(await store.get('session', 'b')).toBeNull();
  });

  it('the last write of a key in one batch wins', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    const store = createAuthStateStore(k.db, company.company.id, connectionId);
    await store.set([
      { category: 'app-state-sync-key', id: 'k', value: 'first' },
      { category: 'app-state-sync-key', id: 'k', value: 'second' },
    ]);
    expect(await store.get('app-state-sync-key', 'k')).toBe('second');
  });

  it('goes away with its connection', async () => {
    const { company, connectionId } = await createFakeConnection(k);
    await createAuthStateStore(k.db, company.company.id, connectionId).set([{ category: 'creds', id: 'main', value: { a: 1 } }]);
    expect(await k.db('channelAuthState').where({ whatsappId: connectionId }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await k.api('DELETE', `/whatsapp/${connectionId}`, { token: company.admin.token })).status).toBe(200);
    expect(await k.db('channelAuthState').where({ whatsappId: connectionId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
