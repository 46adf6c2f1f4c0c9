import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, defineChannel, loadConfig, type Kernel } from '@guiche/core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FULL_CAPABILITIES, FakeWorld, fakeChannel } from './channels-fake-channel.js';

/**
 * Contacts questions answered by the connection's running session on another node: `base` serves
 * the API and runs no channel; node B holds the WhatsApp connection's lease and its session.
 */
let base: TestKernel;
let node: Kernel | null = null;
let c: TestCompany;
let connectionId: number;
const world = new FakeWorld();

beforeAll(async () => {
  base = await createTestKernel();
  c = await base.createCompany();
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  [{ id: connectionId }] = await base
    .db('whatsapps')
    .insert({ companyId: c.company.id, name: 'Phone', channel: 'whatsapp', token, isDefault: true, status: 'OPENING' })
    .returning('id');
  const whatsapp = { ...fakeChannel(world, 'B', { ...FULL_CAPABILITIES, checkNumber: true }), id: 'fake-whatsapp', channel: 'whatsapp' as const };
  node = await createKernel(loadConfig({}, { ...base.kernel.core.config, PORT: 0 }), { plugins: [defineChannel(whatsapp)] });
  await waitFor(async () => world.session(connectionId) && (await base.db('whatsapps').where({ id: connectionId }).first('status')).status === 'CONNECTED');
});
afterAll(async () => {
  await node?.close();
  await base?.close();
});

const post = (body: Record<string, unknown>) => base.api('POST', '/contacts', { token: c.admin.token, body });

describe('session calls across nodes', () => {
  it('the API node does not run the session: the holder answers over the bus', () => {
    expect(base.kernel.core.channels.held()).toEqual([]);
    expect(node!.core.channels.held()).toEqual([connectionId]);
  });

  it('POST /contacts checks the number with the session: stores its answer, refuses an unknown number', async () => {
    world.numbers.set('5511988887777', '551188887777');
    const ok = await post({ name: 'Known', number: '+55 (11) 98888-7777' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: 'Known', number: '551188887777', channel: 'whatsapp' });

    const bad = await post({ name: 'Unknown', number: '5511900000000' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'ERR_WAPP_INVALID_CONTACT' });
    expect(await base.db('contacts').where({ companyId: c.company.id, number: '5511900000000' }).first()).toBeUndefined();

    // Another channel's contact is not a WhatsApp number: no check.
    expect((await post({ name: 'Visitor', number: 'visitor-1', channel: 'webchat' })).status).toBe(201);
  });

  it('GET /contacts/profile/{number} answers the session’s profile', async () => {
    world.profiles.set('5511977776666', { name: 'Perfil', pictureUrl: 'https://pps.example/p.jpg' });
    const res = await base.api('GET', '/contacts/profile/5511977776666', { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ number: '5511977776666', name: 'Perfil', profilePicUrl: 'https://pps.example/p.jpg' });
    const none = await base.api('GET', '/contacts/profile/5511900001111', { token: c.admin.token });
    expect(none.body).toEqual({ number: '5511900001111', name: null, profilePicUrl: null });
  });

  it('POST /contacts/import creates the address book’s people and names contacts still named by their number', async () => {
    const [{ id: unnamed }] = await base.db('contacts').insert({ companyId: c.company.id, name: '5511966660002', number: '5511966660002', channel: 'whatsapp' }).returning('id');
    await base.db('contacts').insert({ companyId: c.company.id, name: 'Edited by agent', number: '5511966660003', channel: 'whatsapp' });
    world.addressBook = [
      { id: '5511966660001', number: '5511966660001', name: 'Bruno' },
      { id: '5511966660002', number: '5511966660002', name: 'Carla' },
      { id: '5511966660003', number: '5511966660003', name: 'Other name' },
      { id: '123', number: '123', name: 'Too short' },
      { id: 'group@g.us', name: 'A group', isGroup: true },
    ];
    const res = await base.api('POST', '/contacts/import', { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 1, updated: 1, errors: [{ row: 4, error: 'validation.contactNumber', field: 'number' }] });
    const names = await base.db('contacts').where({ companyId: c.company.id }).whereIn('number', ['5511966660001', '5511966660002', '5511966660003']).orderBy('number').pluck('name');
    expect(names).toEqual(['Bruno', 'Carla', 'Edited by agent']);
    expect((await base.db('contacts').where({ id: unnamed }).first('name')).name).toBe('Carla');
  });

  it('POST /contacts/import/chats creates the people the phone has chats with, told live to the importing user only', async () => {
    const agent = await base.createUser(c.company.id);
    const mine = await base.socket(agent.token);
    const admins = await base.socket(c.admin.token);
    const seenByAgent: unknown[] = [];
    const seenByAdmin: unknown[] = [];
    mine.on(`company-${c.company.id}-contactImport`, (p: unknown) => seenByAgent.push(p));
    admins.on(`company-${c.company.id}-contactImport`, (p: unknown) => seenByAdmin.push(p));
    await base.db('contacts').insert({ companyId: c.company.id, name: 'Kept', number: '5511955550002', channel: 'whatsapp' });
    world.chats = [
      { id: '5511955550001', number: '5511955550001', name: 'Dora' },
      { id: '5511955550002', number: '5511955550002', name: 'Renamed?' },
      { id: '120363000000000001@g.us', name: 'Team group', isGroup: true },
      { id: 'x', number: 'x', name: 'Bad' },
    ];
    const res = await base.api('POST', '/contacts/import/chats', { token: agent.token });
    expect(res).toMatchObject({ status: 200, body: { created: 1, updated: 0, errors: [{ row: 4, error: 'validation.contactNumber', field: 'number' }] } });
    const rows = await base.db('contacts').where({ companyId: c.company.id }).whereIn('number', ['5511955550001', '5511955550002']).orderBy('number').pluck('name');
    expect(rows).toEqual(['Dora', 'Kept']);
    await waitFor(() => seenByAgent.some((p) => (p as { done: number }).done === 2));
    expect(seenByAgent).toEqual([
      { action: 'progress', source: 'chats', done: 0, total: 2 },
      { action: 'progress', source: 'chats', done: 2, total: 2 },
    ]);
    expect(seenByAdmin).toEqual([]);
    mine.disconnect();
    admins.disconnect();
  });

  it('another company’s token reaches only its own (absent) connection', async () => {
    const other = await base.createCompany();
    expect(await base.api('POST', '/contacts/import', { token: other.admin.token })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect(await base.api('POST', '/contacts/import/chats', { token: other.admin.token })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect(await base.api('GET', '/contacts/profile/5511977776666', { token: other.admin.token })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
  });

  it('with no session running: profile and import answer ERR_WAPP_NOT_INITIALIZED (after the timeout), create skips the check', async () => {
    await node!.close();
    node = null;
    // The row still says CONNECTED (the node left without a word): the question times out.
    await base.db('whatsapps').where({ id: connectionId }).update({ status: 'CONNECTED' });
    expect(await base.api('POST', '/contacts/import', { token: c.admin.token })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    const created = await post({ name: 'Unchecked', number: '5511900002222' });
    expect(created).toMatchObject({ status: 201, body: { number: '5511900002222' } });

    // Known to be down: answered at once, the same way.
    await base.db('whatsapps').where({ id: connectionId }).update({ status: 'DISCONNECTED' });
    expect(await base.api('GET', '/contacts/profile/5511977776666', { token: c.admin.token })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    expect((await post({ name: 'Unchecked too', number: '5511900003333' })).status).toBe(201);
  });
});
