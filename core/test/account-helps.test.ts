import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { youtubeCode } from '@guiche/contracts';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

describe('helps', () => {
  it('lets super users write them and every signed-in user read them', async () => {
    const { admin, company } = await k.createCompany();
    const plain = await k.createUser(company.id);
    const created = await k.api('POST', '/helps', { token: k.superToken, body: { title: 'Como conectar o WhatsApp', description: 'Passo a passo', video: 'https://www.youtube.com/watch?v=abcDEF12345&t=3' } });
    expect(created).toMatchObject({ status: 201, body: { title: 'Como conectar o WhatsApp', description: 'Passo a passo', video: 'abcDEF12345' } });
    const id = created.body.id;

    for (const token of [admin.token, plain.token, k.superToken]) {
      const list = await k.api('GET', '/helps/list', { token });
      expect(list.body.map((h: any) => h.id)).toContain(id);
      const paged = await k.api('GET', '/helps?searchParam=conectar', { token });
      expect(paged.body).toMatchObject({ count: 1, hasMore: false, helps: [{ id, video: 'abcDEF12345' }] });
    }
    expect((await k.api('GET', '/helps/list')).status).toBe(401);

    for (const token of [admin.token, plain.token]) {
      expect(await k.api('POST', '/helps', { token, body: { title: 'Intrusa', video: 'x' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await k.api('PUT', `/helps/${id}`, { token, body: { title: 'Mudada' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await k.api('DELETE', `/helps/${id}`, { token })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }

    const updated = await k.api('PUT', `/helps/${id}`, { token: k.superToken, body: { title: 'Conectar o WhatsApp', video: 'https://youtu.be/zzzYYY98765' } });
    expect(updated.body).toMatchObject({ id, title: 'Conectar o WhatsApp', video: 'zzzYYY98765', description: 'Passo a passo' });
    expect((await k.api('DELETE', `/helps/${id}`, { token: k.superToken })).status).toBe(204);
    expect(await k.api('DELETE', `/helps/${id}`, { token: k.superToken })).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect(await k.api('PUT', `/helps/${id}`, { token: k.superToken, body: { title: 'Nada' } })).toMatchObject({ status: 404 });
  });

  it('validates title and video', async () => {
    const res = await k.api('POST', '/helps', { token: k.superToken, body: { title: 'A', video: '' } });
    expect(res.status).toBe(400);
    const issues = Object.fromEntries(res.body.issues.map((i: any) => [i.path.join('.'), i.message]));
    expect(issues).toEqual({ title: 'validation.tooShort', video: 'validation.required' });
    expect((await k.api('POST', '/helps', { token: k.superToken, body: { title: 'x'.repeat(101), video: 'abc' } })).status).toBe(400);
  });

  it('reads the code of every YouTube link form', () => {
    expect(youtubeCode('https://www.youtube.com/watch?v=abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeCode('https://youtu.be/abcDEF12345?si=x')).toBe('abcDEF12345');
    expect(youtubeCode('https://www.youtube.com/embed/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeCode('https://youtube.com/shorts/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeCode(' abcDEF12345 ')).toBe('abcDEF12345');
  });
});
