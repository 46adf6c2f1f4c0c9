import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, startChildKernel, type ChildKernel, type TestKernel } from '@guiche/core/testing';

// Needs the built kernel (npx tsc -b): the journey runs against a real process whose JSON log
// lines the test reads back. It logs at debug so that the per-request lines (debug by design, see
// core/src/http/quiet-request-log.ts) show the request context; secrets are looked for at info and up.
let parent: TestKernel;
let child: ChildKernel | undefined;

beforeAll(async () => {
  parent = await createTestKernel();
});
afterAll(async () => {
  await child?.kill('SIGTERM');
  await parent?.close();
});

const REQUEST_ID = `journey-${randomBytes(4).toString('hex')}`;

async function call(url: string, method: string, path: string, opts: { token?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'x-request-id': REQUEST_ID };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}/api${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, setCookie: res.headers.get('set-cookie') ?? '' };
}

describe('logs of a journey', () => {
  it('carry the request id, company and user, and none of the secrets it used', async () => {
    const c = await parent.createCompany();
    const password = `Pw-${randomBytes(9).toString('hex')}`;
    const wrongPassword = `Wrong-${randomBytes(9).toString('hex')}`;
    const agent = await parent.createUser(c.company.id, { profile: 'admin', password });
    child = await startChildKernel(parent, { plugins: ['@guiche/plugin-external-api'], env: { LOG_LEVEL: 'debug' } });
    const url = child.url;
    const secrets: string[] = [password, wrongPassword];

    expect((await call(url, 'POST', '/auth/login', { body: { email: agent.user.email, password: wrongPassword } })).status).toBe(401);
    const login = await call(url, 'POST', '/auth/login', { body: { email: agent.user.email, password } });
    expect(login.status).toBe(200);
    const cookie = login.setCookie.split(';')[0]!;
    secrets.push(login.body.token, cookie.split('=')[1]!);

    const refreshed = await call(url, 'POST', '/auth/refresh_token', { cookie });
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.token as string;
    secrets.push(token, refreshed.setCookie.split(';')[0]!.split('=')[1]!);

    const connection = await call(url, 'POST', '/whatsapp', { token, body: { name: `Line ${randomBytes(3).toString('hex')}` } });
    expect(connection.status).toBe(201);
    const apiToken = (await parent.db('whatsapps').where({ id: connection.body.id }).first('token')).token as string;
    secrets.push(apiToken);
    // No channel session runs here: WhatsApp cannot check the number, so the call is refused after
    // the token authenticated it (the token and body still went through the request).
    await parent.db('whatsapps').where({ id: connection.body.id }).update({ status: 'CONNECTED' });
    const apiBody = `api body ${randomBytes(8).toString('hex')}`;
    const sent = await call(url, 'POST', '/messages/send', { token: apiToken, body: { number: '5511955554444', body: apiBody } });
    expect(sent.body).toEqual({ error: 'ERR_WAPP_NOT_INITIALIZED' });
    secrets.push(apiBody);

    const stored = await parent.kernel.core.ingest.ingest(connection.body.id, {
      wid: `WID-${randomBytes(6).toString('hex')}`, fromMe: false, timestamp: new Date(), mediaType: 'chat',
      peer: { id: '5511955554444@s.whatsapp.net', number: '5511955554444', name: 'Maria' }, body: 'hello',
    });
    const ticket = { id: stored.ticketId };
    await parent.db('tickets').where({ id: ticket.id }).update({ status: 'open', userId: agent.user.id });
    const agentBody = `agent body ${randomBytes(8).toString('hex')}`;
    const agentSend = await call(url, 'POST', `/messages/${ticket.id}`, { token, body: { body: agentBody } });
    expect(agentSend.status, JSON.stringify(agentSend.body)).toBeLessThan(300);
    secrets.push(agentBody);
    // A refused call logs its failure: with the token it presented, never the token itself.
    const badToken = `${token.slice(0, -4)}AAAA`;
    expect((await call(url, 'GET', '/auth/me', { token: badToken })).status).toBe(401);
    secrets.push(badToken);

    // Every line so far is flushed once the process ends.
    await child.kill('SIGTERM');
    const entries = child.lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    const lines = child.lines.filter((line) => !line.startsWith('{') || Number(JSON.parse(line).level) >= 30).join('\n');
    for (const secret of secrets) expect(lines, `a secret of ${secret.length} characters is in the logs`).not.toContain(secret);

    // Something was logged for the journey, and it names who and which request.
    const journey = entries.filter((entry) => entry.reqId === REQUEST_ID);
    expect(journey.length).toBeGreaterThan(0);
    expect(journey.some((entry) => entry.companyId === c.company.id && entry.userId === agent.user.id)).toBe(true);
  });
});
