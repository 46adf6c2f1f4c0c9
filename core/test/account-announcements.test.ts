import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementEvent } from '@guiche/contracts';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const upload = (id: number, name: string, type: string, token = k.superToken) => {
  const form = new FormData();
  form.append('typeArch', 'announcements');
  form.append('file', new Blob([PNG], { type }), name);
  return k.api('POST', `/announcements/${id}/media-upload`, { token, body: form });
};

describe('announcements', () => {
  it('are written by super users and reach every company live; users list the active ones by priority', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const socketA = await k.socket(a.admin.token);
    const socketB = await k.socket(b.admin.token);
    const createdA = nextEvent<any>(socketA, announcementEvent(a.company.id), (p) => p.action === 'create' && p.record.title === 'Manutenção');
    const createdB = nextEvent<any>(socketB, announcementEvent(b.company.id), (p) => p.action === 'create' && p.record.title === 'Manutenção');
    const low = await k.api('POST', '/announcements', { token: k.superToken, body: { title: 'Novidade', text: 'Nova tela' } });
    expect(low).toMatchObject({ status: 201, body: { priority: 3, status: true, mediaPath: null } });
    const high = await k.api('POST', '/announcements', { token: k.superToken, body: { title: 'Manutenção', text: 'Sábado às 22h', priority: 1 } });
    expect((await createdA).record.id).toBe(high.body.id);
    expect((await createdB).record.id).toBe(high.body.id);
    const hidden = await k.api('POST', '/announcements', { token: k.superToken, body: { title: 'Rascunho', text: 'Ainda não', priority: 1, status: false } });

    const seen = await k.api('GET', '/announcements/', { token: a.admin.token });
    const ids = seen.body.records.map((r: any) => r.id);
    expect(ids.indexOf(high.body.id)).toBeLessThan(ids.indexOf(low.body.id));
    expect(ids).not.toContain(hidden.body.id);
    const all = await k.api('GET', '/announcements/?searchParam=rascunho', { token: k.superToken });
    expect(all.body).toMatchObject({ count: 1, hasMore: false, records: [{ id: hidden.body.id, status: false }] });

    const updated = nextEvent<any>(socketB, announcementEvent(b.company.id), (p) => p.action === 'update');
    await k.api('PUT', `/announcements/${hidden.body.id}`, { token: k.superToken, body: { status: true } });
    expect((await updated).record).toMatchObject({ id: hidden.body.id, status: true });
    const deleted = nextEvent<any>(socketA, announcementEvent(a.company.id), (p) => p.action === 'delete');
    expect((await k.api('DELETE', `/announcements/${low.body.id}`, { token: k.superToken })).status).toBe(204);
    expect((await deleted).id).toBe(low.body.id);
    socketA.disconnect();
    socketB.disconnect();
  });

  it('refuses every write to anyone but super users', async () => {
    const { admin, company } = await k.createCompany();
    const plain = await k.createUser(company.id);
    const { body } = await k.api('POST', '/announcements', { token: k.superToken, body: { title: 'T', text: 'X' } });
    for (const token of [admin.token, plain.token]) {
      for (const [method, p, payload] of [
        ['POST', '/announcements', { title: 'T', text: 'X' }],
        ['GET', `/announcements/${body.id}`],
        ['PUT', `/announcements/${body.id}`, { title: 'Y' }],
        ['DELETE', `/announcements/${body.id}`],
        ['DELETE', `/announcements/${body.id}/media-upload`],
      ] as const) {
        expect((await k.api(method, p, { token, body: payload })).status).toBe(403);
      }
      expect((await upload(body.id, 'a.png', 'image/png', token)).status).toBe(403);
    }
  });

  it('validates title, text and priority, and takes only png/jpg/jpeg images', async () => {
    const bad = await k.api('POST', '/announcements', { token: k.superToken, body: { title: '', text: '', priority: 4 } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: any) => i.path.join('.')).sort()).toEqual(['priority', 'text', 'title']);

    const { body } = await k.api('POST', '/announcements', { token: k.superToken, body: { title: 'Com imagem', text: 'Veja' } });
    expect((await upload(body.id, 'a.gif', 'image/gif')).status).toBe(400);
    expect((await upload(body.id, 'a.png', 'image/jpeg')).status).toBe(400);
    const first = await upload(body.id, 'banner.png', 'image/png');
    expect(first).toMatchObject({ status: 200, body: { mediaName: 'banner.png' } });
    const second = await upload(body.id, 'foto.JPG', 'image/jpeg');
    expect(second.body.mediaName).toBe('foto.JPG');
    expect(!!(await k.kernel.core.storage.stat(first.body.mediaPath))).toBe(false);
    const removed = await k.api('DELETE', `/announcements/${body.id}/media-upload`, { token: k.superToken });
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(!!(await k.kernel.core.storage.stat(second.body.mediaPath))).toBe(false);
    expect((await k.api('PUT', '/announcements/999999', { token: k.superToken, body: { title: 'x' } })).status).toBe(404);
  });
});
