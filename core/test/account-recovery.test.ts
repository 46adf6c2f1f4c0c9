import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineChannel } from '@guiche/core';
import { createTestKernel, waitFor, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel, type Delivered } from './channels-fake-channel.js';

const world = new FakeWorld();
let k: TestKernel;
let platformConnection = 0;
let addresses = 0;

beforeAll(async () => {
  // The test stands in for a reverse proxy: each call says its client's address (issue #26: only a TRUST_PROXY peer is believed).
  k = await createTestKernel({ plugins: [defineChannel(fakeChannel(world))], config: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => k?.close());

/** Every test speaks from its own address so the per-address limits are tested where meant. */
const newAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const call = (address: string, method: string, path: string, body?: unknown) => k.api(method, path, { body, headers: { 'x-forwarded-for': address } });
const send = (address: string, wpp: string) => call(address, 'POST', '/enviar-email', { wpp });
const verify = (address: string, wpp: string, code: string) => call(address, 'GET', `/verificar-code/${wpp}?code=${code}`);
const reset = (address: string, proof: string, newPassword: string) => call(address, 'PUT', '/atualizar-senha', { proof, newPassword });

let phones = 0;
/** A company whose registered phone is an 11-digit Brazilian number, as sign-up stores it. */
async function registeredCompany() {
  const company = await k.createCompany();
  const phone = `119${String(70000000 + ++phones * 7919).padStart(8, '0')}`;
  await k.db('companies').where({ id: company.company.id }).update({ phone, email: company.admin.user.email });
  return { ...company, phone };
}

async function codeSentTo(number: string): Promise<{ code: string; delivered: Delivered }> {
  for (;;) {
    const delivered = await world.outbound.take();
    if (delivered.toId !== number) continue;
    const code = /\b(\d{6})\b/.exec(delivered.body)?.[1];
    if (!code) throw new Error(`no code in "${delivered.body}"`);
    return { code, delivered };
  }
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password recovery without a platform connection', () => {
  it('says the code cannot be sent (translated code), and pretends nothing', async () => {
    const { phone } = await registeredCompany();
    const res = await send(newAddress(), phone);
    expect(res).toMatchObject({ status: 503, body: { error: 'ERR_RECOVERY_UNAVAILABLE' } });
    expect(world.outbound.all).toHaveLength(0);
    expect(await k.db('password_recoveries').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});

describe('password recovery', () => {
  beforeAll(async () => {
    const res = await k.api('POST', '/whatsapp', { token: k.superToken, body: { name: 'Plataforma', channel: 'webchat', isDefault: true } });
    expect(res.status).toBe(201);
    platformConnection = res.body.id;
    await waitFor(async () => (await k.db('whatsapps').where({ id: platformConnection }).first('status')).status === 'CONNECTED' && world.session(platformConnection));
  });

  it('sends a 6-digit code by WhatsApp, trades it for a proof, and the proof sets the password once', async () => {
    const address = newAddress();
    const { phone, admin } = await registeredCompany();
    const before = await k.api('GET', '/auth/me', { token: admin.token });
    expect(before.status).toBe(200);

    const sent = await send(address, `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`);
    expect(sent).toMatchObject({ status: 200, body: { sent: true } });
    expect(sent.body.userId).toBeUndefined();
    const { code, delivered } = await codeSentTo(`55${phone}`);
    expect(delivered.connectionId).toBe(platformConnection);

    const row = await k.db('password_recoveries').where({ number: `55${phone}` }).first();
    expect(row.codeHash).not.toContain(code);
    expect(new Date(row.codeExpiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    // Nothing of the code reaches a ticket or a message of the platform company.
    expect(await k.db('messages').where('body', 'like', `%${code}%`).first()).toBeUndefined();

    const verified = await verify(address, phone, code);
    expect(verified.status).toBe(200);
    expect(verified.body.proof).toEqual(expect.any(String));
    expect(verified.body.code).toBeUndefined();

    const saved = await reset(address, verified.body.proof, 'Recovered@2026');
    expect(saved).toMatchObject({ status: 200, body: { updated: true } });
    const login = await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: 'Recovered@2026' } });
    expect(login.status).toBe(200);
    expect((await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: admin.password } })).status).toBe(401);
    // Sessions opened with the old password end.
    expect((await k.api('GET', '/auth/me', { token: admin.token })).status).toBe(401);

    // The proof is one use, and the spent code does not give another.
    expect(await reset(address, verified.body.proof, 'Another@2026')).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_PROOF_INVALID' } });
    expect(await verify(address, phone, code)).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_CODE_INVALID' } });
    expect((await k.api('POST', '/auth/login', { body: { email: admin.user.email, password: 'Recovered@2026' } })).status).toBe(200);
  });

  it('counts wrong codes and refuses even the right one after the third', async () => {
    const address = newAddress();
    const { phone } = await registeredCompany();
    await send(address, phone);
    const { code } = await codeSentTo(`55${phone}`);
    expect(await verify(address, phone, wrongCode(code))).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_CODE_INCORRECT', attemptsLeft: 2 } });
    expect(await verify(address, phone, wrongCode(code))).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_CODE_INCORRECT', attemptsLeft: 1 } });
    expect(await verify(address, phone, wrongCode(code))).toMatchObject({ status: 429, body: { error: 'ERR_RECOVERY_ATTEMPTS_EXCEEDED' } });
    expect(await verify(address, phone, code)).toMatchObject({ status: 429, body: { error: 'ERR_RECOVERY_ATTEMPTS_EXCEEDED' } });
  });

  it('refuses an expired code', async () => {
    const address = newAddress();
    const { phone } = await registeredCompany();
    await send(address, phone);
    const { code } = await codeSentTo(`55${phone}`);
    await k.db('password_recoveries').where({ number: `55${phone}` }).update({ codeExpiresAt: new Date(Date.now() - 1000) });
    expect(await verify(address, phone, code)).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_CODE_INVALID' } });
  });

  it('refuses an expired proof and a forged one', async () => {
    const address = newAddress();
    const { phone } = await registeredCompany();
    await send(address, phone);
    const { code } = await codeSentTo(`55${phone}`);
    const { body } = await verify(address, phone, code);
    await k.db('password_recoveries').where({ number: `55${phone}` }).update({ proofExpiresAt: new Date(Date.now() - 1000) });
    expect(await reset(address, body.proof, 'Expired@2026')).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_PROOF_INVALID' } });
    expect(await reset(address, 'x'.repeat(43), 'Forged@2026')).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_PROOF_INVALID' } });
  });

  it('answers an unknown number exactly like a registered one, and sends it nothing', async () => {
    const address = newAddress();
    const known = await registeredCompany();
    const unknown = '11900000001';
    const sentUnknown = await send(address, unknown);
    const sentKnown = await send(address, known.phone);
    expect(sentUnknown.status).toBe(sentKnown.status);
    expect(sentUnknown.body).toEqual(sentKnown.body);
    const { code } = await codeSentTo(`55${known.phone}`);
    expect(world.outbound.all.some((d) => d.toId === `55${unknown}`)).toBe(false);

    const answers = async (wpp: string) => [await verify(address, wpp, wrongCode(code)), await verify(address, wpp, wrongCode(code)), await verify(address, wpp, wrongCode(code))].map((r) => ({ status: r.status, body: r.body }));
    expect(await answers(unknown)).toEqual(await answers(known.phone));
  });

  describe('the send, as timed work', () => {
    // This node sweeps only when a test says so, to look between the answer and the send.
    beforeAll(async () => k.kernel.core.timedWork.stop());
    afterAll(() => k.kernel.core.timedWork.start());

    const rawSend = async (address: string, wpp: string) => {
      const res = await fetch(`${k.apiUrl}/enviar-email`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ wpp }) });
      const headers: [string, string][] = [];
      res.headers.forEach((value, name) => headers.push([name, value]));
      // The date and the request id (random per request, issue 27) differ by nature, telling nothing about the number.
      const compared = headers.filter(([name]) => name !== 'date' && name !== 'x-request-id');
      return { status: res.status, headers: compared, bytes: Buffer.from(await res.arrayBuffer()).toString('hex') };
    };
    const sendTimers = () => k.db('timedWork').where({ kind: 'account.recoverySend' });
    const deliveredTo = (number: string) => world.outbound.all.filter((d) => d.toId === number);

    it('answers a known and an unknown number with the same bytes, the same rows, and sends the code to the known one only', async () => {
      const known = await registeredCompany();
      const unknown = '11900000077';
      const answerKnown = await rawSend(newAddress(), known.phone);
      const answerUnknown = await rawSend(newAddress(), unknown);
      expect(answerKnown.status).toBe(200);
      expect(answerUnknown).toEqual(answerKnown);

      const rows = await k.db('password_recoveries').whereIn('number', [`55${known.phone}`, `55${unknown}`]).orderBy('number');
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toMatchObject({ userId: null, attempts: 0, sendToken: expect.any(String) });
      expect((await sendTimers().whereIn('key', rows.map((r) => r.sendToken))).map((t) => t.payload.token).sort()).toEqual(rows.map((r) => r.sendToken).sort());
      expect(deliveredTo(`55${known.phone}`)).toHaveLength(0);

      await k.kernel.core.timedWork.runDue();
      const { code } = await codeSentTo(`55${known.phone}`);
      expect(deliveredTo(`55${known.phone}`)).toHaveLength(1);
      expect(deliveredTo(`55${unknown}`)).toHaveLength(0);
      expect(await sendTimers().whereIn('key', rows.map((r) => r.sendToken))).toHaveLength(0);
      const after = await k.db('password_recoveries').whereIn('number', [`55${known.phone}`, `55${unknown}`]).orderBy('number');
      expect(after.map((r) => r.sendToken)).toEqual([null, null]);
      expect(after.find((r) => r.number === `55${known.phone}`)!.userId).toBe(known.admin.user.id);
      expect(after.find((r) => r.number === `55${unknown}`)!.userId).toBeNull();
      expect((await verify(newAddress(), known.phone, code)).status).toBe(200);
    });

    it('a second request before the first is sent: one message, and its code is the one that works', async () => {
      const { phone } = await registeredCompany();
      expect((await send(newAddress(), phone)).status).toBe(200);
      expect((await send(newAddress(), phone)).status).toBe(200);
      await k.kernel.core.timedWork.runDue();
      expect(deliveredTo(`55${phone}`)).toHaveLength(1);
      const { code } = await codeSentTo(`55${phone}`);
      expect((await verify(newAddress(), phone, code)).status).toBe(200);
    });

    it('a request after a code was sent makes that code useless', async () => {
      const address = newAddress();
      const { phone } = await registeredCompany();
      await send(address, phone);
      await k.kernel.core.timedWork.runDue();
      const { code: first } = await codeSentTo(`55${phone}`);
      await send(address, phone);
      expect(await verify(address, phone, first)).toMatchObject({ status: 400, body: { error: 'ERR_RECOVERY_CODE_INCORRECT' } });
      await k.kernel.core.timedWork.runDue();
      const { code: second } = await codeSentTo(`55${phone}`);
      expect((await verify(address, phone, second)).status).toBe(200);
    });

    it('a send that fails is not tried again: the code stays unknown and the user asks again', async () => {
      const address = newAddress();
      const { phone } = await registeredCompany();
      expect((await send(address, phone)).status).toBe(200);
      world.failSends = 1;
      await k.kernel.core.timedWork.runDue();
      expect(world.failSends).toBe(0);
      expect(deliveredTo(`55${phone}`)).toHaveLength(0);
      // Not set again for a retry: the timer is gone and a later sweep sends nothing.
      expect(await sendTimers()).toHaveLength(0);
      expect(await k.kernel.core.timedWork.runDue()).toBe(0);
      expect(deliveredTo(`55${phone}`)).toHaveLength(0);

      expect((await send(address, phone)).status).toBe(200);
      await k.kernel.core.timedWork.runDue();
      const { code } = await codeSentTo(`55${phone}`);
      expect((await verify(address, phone, code)).status).toBe(200);
    });
  });

  it('validates the number, the code and the new password', async () => {
    const address = newAddress();
    expect(await send(address, '123')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await verify(address, '11987654321', 'abc')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await reset(address, 'x'.repeat(43), 'short')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('limits sends per number and per address', async () => {
    const { phone } = await registeredCompany();
    for (let i = 0; i < 3; i++) expect((await send(newAddress(), phone)).status).toBe(200);
    expect(await send(newAddress(), phone)).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMITED' } });

    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await send(address, `1190000${String(1000 + i)}`)).status).toBe(200);
    expect(await send(address, '11900002000')).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMITED' } });
  });
});
