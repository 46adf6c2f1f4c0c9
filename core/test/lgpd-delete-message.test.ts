import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, storageFolder, type TestCompany, type TestKernel } from '@guiche/core/testing';
import type { NormalizedMessage } from '../src/channels/types.js';

/**
 * lgpdDeleteMessage (account-admin.md settings, issue #29): with LGPD on and "delete messages" on, a
 * deleted message — by the customer on their phone or by an agent — loses its text, file and
 * transcript for good, so agents see only that something was deleted; off, it shows as deleted
 * with its content, as before.
 */
let k: TestKernel;
let seq = 0;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

async function company(lgpd: { enableLGPD: string; lgpdDeleteMessage: string }) {
  const c = await k.createCompany();
  for (const [key, value] of Object.entries(lgpd)) {
    expect((await k.api('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } })).status).toBe(200);
  }
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [conn] = await k.db('whatsapps').insert({ companyId: c.company.id, name: `Linha ${++seq}`, channel: 'whatsapp', token }).returning('id');
  return { ...c, connectionId: conn.id as number };
}

function inbound(extra: Partial<NormalizedMessage> = {}): NormalizedMessage {
  return {
    wid: `WID-${++seq}-${randomBytes(4).toString('hex')}`,
    fromMe: false,
    timestamp: new Date(),
    peer: { id: '5511977776666@s.whatsapp.net', number: '5511977776666', name: 'Cliente LGPD' },
    body: 'meu CPF é 123.456.789-00',
    mediaType: 'chat',
    ...extra,
  };
}

async function conversation(c: TestCompany & { connectionId: number }) {
  const ingest = k.kernel.core.ingest;
  const text = inbound();
  const photo = inbound({ body: 'foto do documento', mediaType: 'image', media: { data: Buffer.from('89504e470d0a1a0a', 'hex'), mimetype: 'image/png', fileName: 'rg.png' } });
  const a = await ingest.ingest(c.connectionId, text);
  const b = await ingest.ingest(c.connectionId, photo);
  await k.db('messages').where({ id: a.messageId }).update({ transcript: 'transcrição com o CPF' });
  return { ticketId: a.ticketId, text: { wid: text.wid, id: a.messageId }, photo: { wid: photo.wid, id: b.messageId } };
}

const row = (id: number) => k.db('messages').where({ id }).first('body', 'mediaUrl', 'mediaName', 'transcript', 'isDeleted');

describe('lgpdDeleteMessage', () => {
  it('on: a message the customer deletes loses its text, file and transcript; agents see only that it was deleted', async () => {
    const c = await company({ enableLGPD: 'enabled', lgpdDeleteMessage: 'enabled' });
    const conv = await conversation(c);
    const stored = (await row(conv.photo.id)).mediaUrl as string;
    const file = path.join(storageFolder(k), stored);
    expect(fs.existsSync(file)).toBe(true);

    await k.kernel.core.ingest.applyDelete(c.connectionId, conv.text.wid);
    await k.kernel.core.ingest.applyDelete(c.connectionId, conv.photo.wid);
    expect(await row(conv.text.id)).toEqual({ body: '', mediaUrl: null, mediaName: null, transcript: null, isDeleted: true });
    expect(await row(conv.photo.id)).toEqual({ body: '', mediaUrl: null, mediaName: null, transcript: null, isDeleted: true });
    expect(fs.existsSync(file)).toBe(false);

    const page = await k.api('GET', `/messages/${conv.ticketId}`, { token: c.admin.token });
    expect(page.status).toBe(200);
    const deleted = page.body.messages.filter((m: { isDeleted: boolean }) => m.isDeleted);
    expect(deleted).toHaveLength(2);
    expect(JSON.stringify(page.body.messages)).not.toContain('123.456.789-00');
    expect(JSON.stringify(page.body.messages)).not.toContain('foto do documento');
  });

  it('on: a message an agent deletes is erased too', async () => {
    const c = await company({ enableLGPD: 'enabled', lgpdDeleteMessage: 'enabled' });
    const conv = await conversation(c);
    await k.db('tickets').where({ id: conv.ticketId }).update({ status: 'open', userId: c.admin.user.id });
    const [sent] = await k.db('messages')
      .insert({ companyId: c.company.id, ticketId: conv.ticketId, whatsappId: c.connectionId, fromMe: true, userId: c.admin.user.id, body: 'seu protocolo é 998877', mediaType: 'chat', ack: 1, sendStatus: 'sent', wid: `OUT-${++seq}` })
      .returning('id');
    const res = await k.api('DELETE', `/messages/${sent.id}`, { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sent.id, isDeleted: true, body: '' });
    expect(await row(sent.id)).toMatchObject({ body: '', isDeleted: true });
    // Another company's admin cannot delete it (404), and the customer's own message is not the agent's to delete (403).
    const other = await k.createCompany();
    expect((await k.api('DELETE', `/messages/${conv.text.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await k.api('DELETE', `/messages/${conv.text.id}`, { token: c.admin.token })).body.error).toBe('ERR_NO_PERMISSION');
    expect((await row(conv.text.id)).body).toContain('123.456.789-00');
  });

  it('off (or LGPD off): a deleted message keeps its content and shows as deleted', async () => {
    for (const settings of [{ enableLGPD: 'enabled', lgpdDeleteMessage: 'disabled' }, { enableLGPD: 'disabled', lgpdDeleteMessage: 'enabled' }]) {
      const c = await company(settings);
      const conv = await conversation(c);
      await k.kernel.core.ingest.applyDelete(c.connectionId, conv.text.wid);
      await k.kernel.core.ingest.applyDelete(c.connectionId, conv.photo.wid);
      expect(await row(conv.text.id)).toMatchObject({ body: 'meu CPF é 123.456.789-00', transcript: 'transcrição com o CPF', isDeleted: true });
      expect((await row(conv.photo.id)).mediaUrl).not.toBeNull();
    }
  });

  it('refuses a value other than enabled/disabled for the setting, and plain users may not change it', async () => {
    const c = await k.createCompany();
    const bad = await k.api('PUT', '/settings/lgpdDeleteMessage', { token: c.admin.token, body: { value: 'sometimes' } });
    expect(bad.status).toBe(400);
    const user = await k.createUser(c.company.id, { profile: 'user' });
    expect((await k.api('PUT', '/settings/lgpdDeleteMessage', { token: user.token, body: { value: 'enabled' } })).status).toBe(403);
  });
});
