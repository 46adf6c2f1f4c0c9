import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineChannel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel } from './channels-fake-channel.js';

/** The account area on the embedded default (PGlite, in-process ports): recovery and company deletion. */

const world = new FakeWorld();
let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel({ embedded: true, plugins: [defineChannel(fakeChannel(world))] });
}, 120_000);
afterAll(async () => k?.close());

describe('account area on the embedded default', () => {
  it('recovers a password by a WhatsApp code', async () => {
    const conn = await k.api('POST', '/whatsapp', { token: k.superToken, body: { name: 'Plataforma', channel: 'webchat', isDefault: true } });
    await waitFor(async () => (await k.db('whatsapps').where({ id: conn.body.id }).first('status')).status === 'CONNECTED' && world.session(conn.body.id));
    const { company, admin } = await k.createCompany();
    await k.db('companies').where({ id: company.id }).update({ phone: '11955554444', email: admin.user.email });
    expect((await k.api('POST', '/enviar-email', { body: { wpp: '11955554444' } })).status).toBe(200);
    const delivered = await world.outbound.take();
    const code = /\b(\d{6})\b/.exec(delivered.body)![1];
    const { body } = await k.api('GET', `/verificar-code/11955554444?code=${code}`);
    expect((await k.api('PUT', '/atualizar-senha', { body: { proof: body.proof, newPassword: 'Embedded@1' } })).status).toBe(200);
    expect((await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: 'Embedded@1' } })).status).toBe(200);
  });

  it('deletes a company and every row of it in the background', async () => {
    const { company } = await k.createCompany();
    await k.db('tags').insert({ companyId: company.id, name: 'Etiqueta', color: '#A4CCCC' });
    await k.db('contacts').insert({ companyId: company.id, name: 'Cliente', number: '5511999990009', channel: 'whatsapp' });
    expect((await k.api('DELETE', `/companies/${company.id}`, { token: k.superToken })).status).toBe(202);
    await waitFor(async () => !(await k.db('companies').where({ id: company.id }).first('id')), { timeout: 30_000 });
    expect(await k.db('tags').where({ companyId: company.id }).first()).toBeUndefined();
    expect(await k.db('users').where({ companyId: company.id }).first()).toBeUndefined();
  });
});
