import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, expectNoEvent, nextEvent, type TestCompany, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

const notFound = { status: 404, body: { error: 'ERR_NO_QUICK_MESSAGE_FOUND' } };
const forbidden = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };

async function quick(token: string, body: Record<string, unknown>) {
  const res = await k.api('POST', '/quick-messages', { token, body });
  if (res.status !== 201) throw new Error(`quick message failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; shortcode: string; geral: boolean; userId: number };
}

/** A company with its admin and two plain users. */
async function team(): Promise<TestCompany & { ana: Awaited<ReturnType<TestKernel['createUser']>>; bia: Awaited<ReturnType<TestKernel['createUser']>> }> {
  const c = await k.createCompany();
  return { ...c, ana: await k.createUser(c.company.id), bia: await k.createUser(c.company.id) };
}

function upload(content: string, name: string, field = 'file') {
  const form = new FormData();
  form.append('typeArch', 'quickMessage');
  form.append(field, new Blob([content], { type: 'image/png' }), name);
  return form;
}

describe('POST /quick-messages', () => {
  it('lets a user create their own quick message, told to them and the admins only', async () => {
    const t = await team();
    const [own, admin, other] = await Promise.all([k.socket(t.ana.token), k.socket(t.admin.token), k.socket(t.bia.token)]);
    const event = `company-${t.company.id}-quickemessage`;
    const toOwner = nextEvent(own, event);
    const toAdmin = nextEvent(admin, event);
    let res: Awaited<ReturnType<TestKernel['api']>> | undefined;
    const leaked = await expectNoEvent(other, /quickemessage/, async () => {
      res = await k.api('POST', '/quick-messages', { token: t.ana.token, body: { shortcode: 'oi', message: 'Olá, {{name}}!', userId: 999, companyId: 999 } });
    });
    expect(res).toMatchObject({
      status: 201,
      body: { shortcode: 'oi', message: 'Olá, {{name}}!', geral: false, status: true, isCategory: false, isMedia: false, userId: t.ana.user.id, companyId: t.company.id },
    });
    expect(await toOwner).toMatchObject({ action: 'create', record: { id: res!.body.id } });
    expect(await toAdmin).toMatchObject({ action: 'create', record: { id: res!.body.id } });
    expect(leaked).toEqual([]);
  });

  it('lets an admin create a general one, told to the whole company', async () => {
    const t = await team();
    const socket = await k.socket(t.bia.token);
    const event = nextEvent(socket, `company-${t.company.id}-quickemessage`);
    const created = await quick(t.admin.token, { shortcode: 'horario', message: 'Atendemos das 8h às 18h', geral: true });
    expect(created.geral).toBe(true);
    expect(await event).toMatchObject({ action: 'create', record: { id: created.id, geral: true } });
  });

  it('refuses the general flag from a plain user and stores nothing', async () => {
    const t = await team();
    expect(await k.api('POST', '/quick-messages', { token: t.ana.token, body: { shortcode: 'x', geral: true } })).toMatchObject(forbidden);
    expect(await k.db('quickMessages').where({ companyId: t.company.id }).first()).toBeUndefined();
  });

  it.each([
    [{}, 'validation.required'],
    [{ shortcode: '   ' }, 'validation.required'],
    [{ shortcode: 'x'.repeat(101) }, 'validation.tooLong'],
  ])('rejects %j: shortcode %s', async (body, message) => {
    const t = await team();
    const res = await k.api('POST', '/quick-messages', { token: t.admin.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: ['shortcode'], message }));
    expect(await k.db('quickMessages').where({ companyId: t.company.id }).first()).toBeUndefined();
  });

  it('refuses a shortcode already used in the company, whatever the case; another company may use it', async () => {
    const t = await team();
    const other = await k.createCompany();
    await quick(t.ana.token, { shortcode: 'Preco' });
    const dup = await k.api('POST', '/quick-messages', { token: t.bia.token, body: { shortcode: 'preco' } });
    expect(dup).toMatchObject({ status: 409, body: { error: 'ERR_VALIDATION' } });
    expect(dup.body.issues).toContainEqual(expect.objectContaining({ path: ['shortcode'], message: 'validation.quickMessageShortcodeTaken' }));
    await quick(other.admin.token, { shortcode: 'preco' });
    // A category may share a message's name: they are different lists.
    await quick(t.admin.token, { shortcode: 'preco', isCategory: true });
  });
});

describe('reading quick messages', () => {
  it('GET /quick-messages: a user sees their own and the general ones, an admin all; another company nothing', async () => {
    const t = await team();
    const other = await k.createCompany();
    const anas = await quick(t.ana.token, { shortcode: 'ana1' });
    const bias = await quick(t.bia.token, { shortcode: 'bia1' });
    const general = await quick(t.admin.token, { shortcode: 'geral1', geral: true });
    const adminPrivate = await quick(t.admin.token, { shortcode: 'adm1' });
    await quick(other.admin.token, { shortcode: 'outra', geral: true });

    const ids = (res: { body: { records: { id: number }[] } }) => res.body.records.map((r) => r.id).sort((a, b) => a - b);
    expect(ids(await k.api('GET', '/quick-messages', { token: t.ana.token }))).toEqual([anas.id, general.id]);
    expect(ids(await k.api('GET', '/quick-messages', { token: t.admin.token }))).toEqual([anas.id, bias.id, general.id, adminPrivate.id].sort((a, b) => a - b));
    // The companyId and userId the old client sends change nothing.
    const spoof = await k.api('GET', `/quick-messages?companyId=${t.company.id}&userId=${t.bia.user.id}`, { token: other.admin.token });
    expect(spoof.body.records.map((r: { shortcode: string }) => r.shortcode)).toEqual(['outra']);
    expect(await k.api('GET', `/quick-messages/${bias.id}`, { token: t.ana.token })).toMatchObject(notFound);
    expect(await k.api('GET', `/quick-messages/${anas.id}`, { token: other.admin.token })).toMatchObject(notFound);
    expect(await k.api('GET', `/quick-messages/${general.id}`, { token: t.bia.token })).toMatchObject({ status: 200, body: { shortcode: 'geral1' } });
  });

  it('pages by 20 in shortcode order and searches shortcode and text', async () => {
    const t = await team();
    for (let i = 0; i < 21; i++) await quick(t.admin.token, { shortcode: `msg${String(i).padStart(2, '0')}`, message: i === 7 ? 'fale com o financeiro' : 'texto' });
    const first = await k.api('GET', '/quick-messages?pageNumber=1', { token: t.admin.token });
    expect(first.body).toMatchObject({ hasMore: true, count: 21 });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].shortcode).toBe('msg00');
    const second = await k.api('GET', '/quick-messages?pageNumber=2', { token: t.admin.token });
    expect(second.body).toMatchObject({ hasMore: false, records: [{ shortcode: 'msg20' }] });
    const search = await k.api('GET', '/quick-messages?searchParam=FINANCEIRO', { token: t.admin.token });
    expect(search.body.records.map((r: { shortcode: string }) => r.shortcode)).toEqual(['msg07']);
    expect((await k.api('GET', '/quick-messages?pageNumber=0', { token: t.admin.token })).status).toBe(400);
  });

  it("GET /quick-messages/list gives the '/' suggestion: own and general active messages, no categories, by prefix", async () => {
    const t = await team();
    const category = await quick(t.admin.token, { shortcode: 'Vendas', isCategory: true, geral: true });
    const mine = await quick(t.ana.token, { shortcode: 'obrigado', categoryId: category.id });
    const general = await quick(t.admin.token, { shortcode: 'oi', geral: true });
    await quick(t.admin.token, { shortcode: 'ola-admin' });
    await quick(t.bia.token, { shortcode: 'ola-bia' });
    await quick(t.ana.token, { shortcode: 'off', status: false });

    const ana = await k.api('GET', '/quick-messages/list', { token: t.ana.token });
    expect(ana.body.map((q: { id: number }) => q.id)).toEqual([mine.id, general.id]);
    const prefixed = await k.api('GET', '/quick-messages/list?searchParam=%2Fobr', { token: t.ana.token });
    expect(prefixed.body.map((q: { id: number }) => q.id)).toEqual([mine.id]);
    const byCategory = await k.api('GET', `/quick-messages/list?categoryId=${category.id}`, { token: t.ana.token });
    expect(byCategory.body.map((q: { id: number }) => q.id)).toEqual([mine.id]);
    // Other agents' private texts are not an admin's to send either.
    const admin = await k.api('GET', '/quick-messages/list', { token: t.admin.token });
    expect(admin.body.map((q: { shortcode: string }) => q.shortcode)).toEqual(['oi', 'ola-admin']);
  });

  it('GET /quick-messages/categoriesMessages lists the categories the caller sees', async () => {
    const t = await team();
    const other = await k.createCompany();
    const shared = await quick(t.admin.token, { shortcode: 'Suporte', isCategory: true, geral: true });
    const own = await quick(t.ana.token, { shortcode: 'Minhas', isCategory: true });
    await quick(t.bia.token, { shortcode: 'Da Bia', isCategory: true });
    await quick(other.admin.token, { shortcode: 'Alheia', isCategory: true, geral: true });
    const res = await k.api('GET', '/quick-messages/categoriesMessages', { token: t.ana.token });
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([own.id, shared.id]);
  });

  it('files a message only under a category the caller sees', async () => {
    const t = await team();
    const other = await k.createCompany();
    const theirs = await quick(other.admin.token, { shortcode: 'Alheia', isCategory: true, geral: true });
    const bias = await quick(t.bia.token, { shortcode: 'Da Bia', isCategory: true });
    const notACategory = await quick(t.ana.token, { shortcode: 'texto' });
    for (const categoryId of [theirs.id, bias.id, notACategory.id]) {
      const res = await k.api('POST', '/quick-messages', { token: t.ana.token, body: { shortcode: `c${categoryId}`, categoryId } });
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(res.body.issues).toContainEqual(expect.objectContaining({ path: ['categoryId'], message: 'validation.quickMessageCategory' }));
    }
  });
});

describe('changing quick messages', () => {
  it('a user edits and deletes only their own non-general ones; an admin any', async () => {
    const t = await team();
    const anas = await quick(t.ana.token, { shortcode: 'ana' });
    const bias = await quick(t.bia.token, { shortcode: 'bia' });
    const general = await quick(t.admin.token, { shortcode: 'geral', geral: true });

    expect(await k.api('PUT', `/quick-messages/${anas.id}`, { token: t.ana.token, body: { message: 'novo texto' } })).toMatchObject({ status: 200, body: { message: 'novo texto' } });
    expect(await k.api('PUT', `/quick-messages/${bias.id}`, { token: t.ana.token, body: { message: 'x' } })).toMatchObject(notFound);
    expect(await k.api('PUT', `/quick-messages/${general.id}`, { token: t.ana.token, body: { message: 'x' } })).toMatchObject(forbidden);
    expect(await k.api('DELETE', `/quick-messages/${general.id}`, { token: t.ana.token })).toMatchObject(forbidden);
    expect(await k.api('DELETE', `/quick-messages/${bias.id}`, { token: t.ana.token })).toMatchObject(notFound);
    expect(await k.api('PUT', `/quick-messages/${anas.id}`, { token: t.ana.token, body: { geral: true } })).toMatchObject(forbidden);
    expect((await k.db('quickMessages').where({ id: general.id }).first()).message).toBe('');

    expect(await k.api('PUT', `/quick-messages/${bias.id}`, { token: t.admin.token, body: { shortcode: 'bia2', geral: true } })).toMatchObject({ status: 200, body: { shortcode: 'bia2', geral: true } });
    expect((await k.api('DELETE', `/quick-messages/${anas.id}`, { token: t.admin.token })).status).toBe(200);
    expect(await k.db('quickMessages').where({ id: anas.id }).first()).toBeUndefined();
  });

  it('refuses renaming onto a taken shortcode and validates the new one', async () => {
    const t = await team();
    await quick(t.admin.token, { shortcode: 'um' });
    const two = await quick(t.admin.token, { shortcode: 'dois' });
    expect((await k.api('PUT', `/quick-messages/${two.id}`, { token: t.admin.token, body: { shortcode: 'UM' } })).status).toBe(409);
    const blank = await k.api('PUT', `/quick-messages/${two.id}`, { token: t.admin.token, body: { shortcode: ' ' } });
    expect(blank.body.issues).toContainEqual(expect.objectContaining({ path: ['shortcode'], message: 'validation.required' }));
    expect((await k.db('quickMessages').where({ id: two.id }).first()).shortcode).toBe('dois');
  });

  it("tells the users a general message left their lists when it became private, and deletes to the message's audience", async () => {
    const t = await team();
    const general = await quick(t.admin.token, { shortcode: 'aviso', geral: true });
    const user = await k.socket(t.bia.token);
    const event = `company-${t.company.id}-quickemessage`;
    const gone = nextEvent(user, event);
    await k.api('PUT', `/quick-messages/${general.id}`, { token: t.admin.token, body: { geral: false } });
    expect(await gone).toEqual({ action: 'delete', id: general.id });
    const deleted = nextEvent(await k.socket(t.admin.token), event);
    await k.api('DELETE', `/quick-messages/${general.id}`, { token: t.admin.token });
    expect(await deleted).toEqual({ action: 'delete', id: general.id });
  });

  it('another company cannot read, change or delete', async () => {
    const t = await team();
    const other = await k.createCompany();
    const mine = await quick(t.admin.token, { shortcode: 'meu', geral: true });
    expect(await k.api('PUT', `/quick-messages/${mine.id}`, { token: other.admin.token, body: { message: 'x' } })).toMatchObject(notFound);
    expect(await k.api('DELETE', `/quick-messages/${mine.id}`, { token: other.admin.token })).toMatchObject(notFound);
    expect(await k.api('POST', `/quick-messages/${mine.id}/media-upload`, { token: other.admin.token, body: upload('x', 'a.png') })).toMatchObject(notFound);
    expect(await k.api('DELETE', `/quick-messages/${mine.id}/media-upload`, { token: other.admin.token })).toMatchObject(notFound);
    expect(await k.db('quickMessages').where({ id: mine.id }).first()).toMatchObject({ message: '', isMedia: false });
  });

  it('answers 401 without a token', async () => {
    expect((await k.api('GET', '/quick-messages')).status).toBe(401);
  });
});

describe('quick message media', () => {
  it('attaches, replaces and removes a file', async () => {
    const t = await team();
    const own = await quick(t.ana.token, { shortcode: 'catalogo' });
    const first = await k.api('POST', `/quick-messages/${own.id}/media-upload`, { token: t.ana.token, body: upload('first', 'catalogo.png') });
    expect(first).toMatchObject({ status: 200, body: { isMedia: true, mediaName: 'catalogo.png' } });
    const storage = k.kernel.core.storage;
    expect((await storage.read(first.body.mediaPath)).toString('utf8')).toBe('first');

    const second = await k.api('POST', `/quick-messages/${own.id}/media-upload`, { token: t.ana.token, body: upload('second', 'novo.png') });
    expect(second.body).toMatchObject({ isMedia: true, mediaName: 'novo.png' });
    expect(await storage.stat(first.body.mediaPath)).toBeNull();

    const removed = await k.api('DELETE', `/quick-messages/${own.id}/media-upload`, { token: t.ana.token });
    expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(await storage.stat(second.body.mediaPath)).toBeNull();
  });

  it('needs a file in the file field, and the right to change the message', async () => {
    const t = await team();
    const own = await quick(t.ana.token, { shortcode: 'doc' });
    const general = await quick(t.admin.token, { shortcode: 'geral', geral: true });
    const missing = await k.api('POST', `/quick-messages/${own.id}/media-upload`, { token: t.ana.token, body: upload('x', 'a.png', 'other') });
    expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(missing.body.issues).toContainEqual(expect.objectContaining({ path: ['file'], message: 'validation.required' }));
    expect(await k.api('POST', `/quick-messages/${general.id}/media-upload`, { token: t.ana.token, body: upload('x', 'a.png') })).toMatchObject(forbidden);
    expect(await k.db('quickMessages').whereIn('id', [own.id, general.id]).where({ isMedia: true }).first()).toBeUndefined();
  });

  it('deleting the message removes its file', async () => {
    const t = await team();
    const own = await quick(t.ana.token, { shortcode: 'tabela' });
    const res = await k.api('POST', `/quick-messages/${own.id}/media-upload`, { token: t.ana.token, body: upload('x', 'tabela.png') });
    expect(await k.kernel.core.storage.stat(res.body.mediaPath)).not.toBeNull();
    await k.api('DELETE', `/quick-messages/${own.id}`, { token: t.ana.token });
    expect(await k.kernel.core.storage.stat(res.body.mediaPath)).toBeNull();
  });
});
