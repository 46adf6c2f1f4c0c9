import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { definePlugin } from '@guiche/core';
import { purgeAuditLogs } from '../src/audit/index.js';
import { MASK } from '../src/secrets/secret-box.js';

let k: TestKernel;
beforeAll(async () => {
  // Behind a proxy on this machine: its X-Forwarded-For is believed, as the sign-in limits do.
  k = await createTestKernel({ config: { TRUST_PROXY: '127.0.0.1' }, plugins: [reasonsModule] });
});
afterAll(async () => k?.close());

/** A module of another team (closing reasons, SLA): its route opts in with config.audit alone. */
const reasons = new Map<string, { id: number; name: string; apiSecret: string }>([['7', { id: 7, name: 'Resolvido', apiSecret: 'old-secret' }]]);
const reasonsModule = definePlugin({
  id: 'audit-probe-reasons',
  kind: 'module',
  planFlag: null,
  register(ctx) {
    ctx.routes.put('/probe-reasons/:id', { config: { audit: { entity: 'closingReason', snapshot: async (_db, id) => (id ? { ...reasons.get(id)! } : null) } } }, async (request) => {
      const id = (request.params as { id: string }).id;
      reasons.set(id, { ...reasons.get(id)!, ...(request.body as object) });
      return reasons.get(id);
    });
    // A provider's webhook under an audited path (as /whatsappapi/webhook/:id is): traffic, not a change.
    ctx.publicRoutes.post('/queue/probe-webhook/:id', async () => ({ ok: true }));
  },
});

async function audit(token: string, query = '') {
  const res = await k.api('GET', `/audit${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.records as any[];
}

async function login(email: string, password: string, ip: string) {
  const res = await fetch(`${k.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('configuration changes', () => {
  let shop: TestCompany;
  beforeAll(async () => {
    shop = await k.createCompany({ name: 'Loja Auditada' });
  });

  it('records a queue change with who, where from, and only the changed fields old → new', async () => {
    const created = await k.api('POST', '/queue', { token: shop.admin.token, body: { name: 'Vendas', color: '#112233', greetingMessage: 'Oi' } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await k.api('PUT', `/queue/${id}`, { token: shop.admin.token, body: { name: 'Vendas B2B', color: '#112233' }, headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(200);

    const [update, create] = await audit(shop.admin.token, '?entity=queue');
    expect(update).toMatchObject({ action: 'update', entity: 'queue', entityId: String(id), userId: shop.admin.user.id, userName: shop.admin.user.name, ip: '198.51.100.7', companyId: shop.company.id });
    expect(update.oldValues).toEqual({ name: 'Vendas' });
    expect(update.newValues).toEqual({ name: 'Vendas B2B' });
    expect(create).toMatchObject({ action: 'create', entityId: String(id), oldValues: null });
    expect(create.newValues).toMatchObject({ name: 'Vendas', color: '#112233', options: [] });
  });

  it('records users with their password masked, settings, tags, quick messages and deletions', async () => {
    const token = shop.admin.token;
    const user = await k.api('POST', '/users', { token, body: { name: 'Nova Atendente', email: `nova${Date.now()}@example.com`, password: 'segredo123' } });
    expect(user.status).toBe(201);
    expect((await k.api('PUT', `/users/${user.body.id}`, { token, body: { name: 'Nova Atendente', email: user.body.email, password: 'outrasenha9' } })).status).toBe(200);
    expect((await k.api('PUT', '/settings/requiredTag', { token, body: { value: 'enabled' } })).status).toBe(200);
    const tag = await k.api('POST', '/tags', { token, body: { name: 'VIP', color: '#ff0000' } });
    expect(tag.status).toBe(201);
    expect((await k.api('DELETE', `/tags/${tag.body.id}`, { token })).status).toBe(200);
    const quick = await k.api('POST', '/quick-messages', { token, body: { shortcode: 'oi', message: 'Olá!', geral: true } });
    expect(quick.status).toBe(201);

    const rows = await audit(token);
    const userCreate = rows.find((r) => r.entity === 'user' && r.action === 'create');
    expect(userCreate.newValues).toMatchObject({ name: 'Nova Atendente', passwordHash: MASK });
    const userUpdate = rows.find((r) => r.entity === 'user' && r.action === 'update');
    // The password changed: the row says so, but shows neither value.
    expect(userUpdate.oldValues.passwordHash).toBe(MASK);
    expect(userUpdate.newValues.passwordHash).toBe(MASK);
    expect(JSON.stringify(rows)).not.toMatch(/segredo123|outrasenha9|\$scrypt|\$argon|\$2[aby]\$/);
    expect(rows.find((r) => r.entity === 'setting')).toMatchObject({ action: 'update', oldValues: { value: null }, newValues: { value: 'enabled' } });
    expect(rows.find((r) => r.entity === 'tag' && r.action === 'delete')).toMatchObject({ entityId: String(tag.body.id), oldValues: { name: 'VIP' }, newValues: null });
    expect(rows.find((r) => r.entity === 'quickMessage')).toMatchObject({ action: 'create', newValues: { shortcode: 'oi', message: 'Olá!' } });
  });

  it("records another module's route through its config.audit option, secrets masked", async () => {
    const res = await k.api('PUT', '/probe-reasons/7', { token: shop.admin.token, body: { name: 'Resolvido no 1º contato', apiSecret: 'new-secret' } });
    expect(res.status).toBe(200);
    const [row] = await audit(shop.admin.token, '?entity=closingReason');
    expect(row).toMatchObject({ action: 'update', entityId: '7', oldValues: { name: 'Resolvido', apiSecret: MASK }, newValues: { name: 'Resolvido no 1º contato', apiSecret: MASK } });
  });

  it("records no provider's webhook call, though its path is under an audited one", async () => {
    const res = await fetch(`${k.apiUrl}/queue/probe-webhook/abc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ entry: [] }) });
    expect(res.status).toBe(200);
    expect(await k.db('audit_logs').where('path', 'like', '%/probe-webhook/%').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('masks a secret-named setting value', async () => {
    const { maskSecrets } = await import('../src/audit/mask.js');
    expect(maskSecrets({ key: 'openAiApiKey', value: 'sk-123' })).toEqual({ key: 'openAiApiKey', value: MASK });
    expect(maskSecrets({ name: 'c', token: 'abc', nested: { clientSecret: 's' } })).toEqual({ name: 'c', token: MASK, nested: { clientSecret: MASK } });
  });

  it('records plans and companies changed by the super user: plans are platform rows only super users see', async () => {
    const plan = await k.api('POST', '/plans', { token: k.superToken, body: { name: `Plano ${Date.now()}`, users: 3, connections: 1, queues: 2, amount: '10' } });
    expect(plan.status).toBe(201);
    expect((await k.api('PUT', `/plans/${plan.body.id}`, { token: k.superToken, body: { users: 5 } })).status).toBe(200);
    expect((await k.api('PUT', `/companies/${shop.company.id}`, { token: k.superToken, body: { name: 'Loja Renomeada' } })).status).toBe(200);

    const superRows = await audit(k.superToken, '?entity=plan');
    expect(superRows[0]).toMatchObject({ action: 'update', companyId: null, oldValues: { users: 3 }, newValues: { users: 5 } });
    const adminRows = await audit(shop.admin.token);
    expect(adminRows.some((r) => r.entity === 'plan')).toBe(false);
    expect(adminRows.find((r) => r.entity === 'company')).toMatchObject({ action: 'update', userId: expect.any(Number), oldValues: { name: 'Loja Auditada' }, newValues: { name: 'Loja Renomeada' } });
  });

  it('records an export with its filters', async () => {
    const res = await fetch(`${k.apiUrl}/contacts/export`, { headers: { authorization: `Bearer ${shop.admin.token}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const [row] = await audit(shop.admin.token, '?action=export');
    expect(row).toMatchObject({ entity: 'contact', action: 'export', userId: shop.admin.user.id });
  });
});

describe('sign-ins', () => {
  it('records a sign-in and a failed one with the address the proxy forwarded, never the password', async () => {
    const { company, admin } = await k.createCompany();
    expect(await login(admin.user.email, 'Errada@999', '203.0.113.5')).toBe(401);
    expect(await login(admin.user.email, admin.password, '203.0.113.6')).toBe(200);
    expect(await login('ninguem@example.com', 'Errada@999', '203.0.113.7')).toBe(401);

    const rows = await audit(admin.token, '?entity=session');
    expect(rows.map((r) => [r.action, r.ip, r.userEmail])).toEqual([
      ['login', '203.0.113.6', admin.user.email],
      ['login_failed', '203.0.113.5', admin.user.email],
    ]);
    expect(rows.every((r) => r.companyId === company.id)).toBe(true);
    const unknown = await audit(k.superToken, '?entity=session&companyId=0');
    expect(unknown[0]).toMatchObject({ action: 'login_failed', userId: null, userEmail: 'ninguem@example.com', ip: '203.0.113.7' });
    expect(JSON.stringify(await k.db('auditLogs').select())).not.toContain('Errada@999');
  });
});

describe('who may read', () => {
  it("refuses agents, and an admin never sees another company's rows, whatever the filter", async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const agent = await k.createUser(a.company.id);
    expect((await k.api('POST', '/tags', { token: b.admin.token, body: { name: 'Segredo de B' } })).status).toBe(201);

    expect(await k.api('GET', '/audit', { token: agent.token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await k.api('GET', '/audit/export', { token: agent.token })).status).toBe(403);
    expect((await k.api('GET', '/audit')).status).toBe(401);
    const seen = await audit(a.admin.token, `?companyId=${b.company.id}&userId=${b.admin.user.id}`);
    expect(seen).toEqual([]);
    const all = await audit(a.admin.token, '?entity=tag');
    expect(all.some((r) => r.companyId !== a.company.id)).toBe(false);
    const csv = await fetch(`${k.apiUrl}/audit/export`, { headers: { authorization: `Bearer ${a.admin.token}` } }).then((r) => r.text());
    expect(csv).not.toContain('Segredo de B');
    expect((await audit(k.superToken, `?companyId=${b.company.id}&entity=tag`))[0].newValues).toMatchObject({ name: 'Segredo de B' });
  });

  it('filters by period and pages, and exports the filtered rows as CSV', async () => {
    const c = await k.createCompany();
    for (let i = 0; i < 52; i++) expect((await k.api('POST', '/tags', { token: c.admin.token, body: { name: `Etiqueta ${i}` } })).status).toBe(201);
    const first = await k.api('GET', '/audit?entity=tag', { token: c.admin.token });
    expect(first.body.records.length).toBe(50);
    expect(first.body.hasMore).toBe(true);
    const second = await k.api('GET', '/audit?entity=tag&pageNumber=2', { token: c.admin.token });
    expect(second.body.records.map((r: any) => r.newValues.name)).toEqual(['Etiqueta 1', 'Etiqueta 0']);
    expect(second.body.hasMore).toBe(false);
    expect((await audit(c.admin.token, '?entity=tag&to=2020-01-01'))).toEqual([]);
    expect((await k.api('GET', '/audit?from=ontem', { token: c.admin.token })).status).toBe(400);

    const res = await fetch(`${k.apiUrl}/audit/export?entity=tag`, { headers: { authorization: `Bearer ${c.admin.token}` } });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toMatch(/^id,createdAt,companyId,userId,userName,userEmail,ip,action,entity/);
    expect(lines.length).toBe(53);
    expect(lines[1]).toContain('Etiqueta 51');
    expect((await audit(c.admin.token, '?entity=audit'))[0]).toMatchObject({ action: 'export' });
  });
});

describe('append-only', () => {
  it('no API edits or deletes a row, the database refuses it, only the retention purge deletes', async () => {
    const { admin } = await k.createCompany();
    expect((await k.api('POST', '/tags', { token: admin.token, body: { name: 'Fica' } })).status).toBe(201);
    const [row] = await audit(admin.token);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await k.api(method, `/audit/${row.id}`, { token: k.superToken, body: {} })).status).toBe(404);
      expect((await k.api(method, '/audit', { token: k.superToken, body: {} })).status).toBe(404);
    }
    await expect(k.db('auditLogs').where({ id: row.id }).update({ action: 'forged' })).rejects.toThrow(/append-only/);
    await expect(k.db('auditLogs').where({ id: row.id }).delete()).rejects.toThrow(/append-only/);
    expect((await audit(admin.token))[0]).toMatchObject({ id: row.id, action: 'create' });

    // The retention job: rows older than the retention go, younger stay.
    const inAYear = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    const kept = await k.db.transaction((trx) => purgeAuditLogs(trx, new Date(), 365));
    expect(kept).toBe(0);
    const purged = await k.db.transaction((trx) => purgeAuditLogs(trx, inAYear, 365));
    expect(purged).toBeGreaterThan(0);
    expect(await audit(admin.token)).toEqual([]);
    // And the permission ended with its transaction.
    expect((await k.api('POST', '/tags', { token: admin.token, body: { name: 'Nova' } })).status).toBe(201);
    const [fresh] = await audit(admin.token);
    await expect(k.db('auditLogs').where({ id: fresh.id }).delete()).rejects.toThrow(/append-only/);
  });
});
