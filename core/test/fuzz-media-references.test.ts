import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, storageFolder, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { companyMediaPath, resolveCompanyMedia } from '@guiche/core';

/** Issue 17: a media reference resolves inside the caller's own company folder, or is refused. */

let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

async function companyWithTicket(): Promise<TestCompany & { ticketId: number }> {
  const c = await k.createCompany();
  const [contact] = await k.db('contacts').insert({ companyId: c.company.id, name: 'Cliente', number: `55219${randomBytes(4).readUInt32BE() % 100000000}`, channel: 'whatsapp' }).returning('id');
  const [conn] = await k
    .db('whatsapps')
    .insert({ companyId: c.company.id, name: 'Conexão', channel: 'whatsapp', token: randomBytes(15).toString('hex').toUpperCase(), status: 'CONNECTED', isDefault: true })
    .returning('id');
  const [ticket] = await k.db('tickets').insert({ companyId: c.company.id, contactId: contact.id, whatsappId: conn.id, status: 'open', userId: c.admin.user.id }).returning('id');
  return { ...c, ticketId: ticket.id };
}

function filesOf(companyId: number): string[] {
  const folder = path.join(storageFolder(k), `company${companyId}`);
  return fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).map(String).filter((f) => f.includes('.')).sort() : [];
}

describe('mediaUrl on POST /messages/{ticketId}', () => {
  it("another company's file is never copied, whatever the spelling of the path", async () => {
    const a = await companyWithTicket();
    const b = await companyWithTicket();
    const form = new FormData();
    form.append('medias', new Blob(['segredo de A'], { type: 'application/pdf' }), 'contrato.pdf');
    expect((await k.api('POST', `/messages/${a.ticketId}`, { token: a.admin.token, body: form })).status).toBe(200);
    const aFile = (await k.db('messages').where({ ticketId: a.ticketId }).first()).mediaUrl as string;
    expect(aFile).toMatch(new RegExp(`^company${a.company.id}/messages/`));
    const rest = aFile.slice(`company${a.company.id}/`.length);
    const own = `company${b.company.id}`;
    const other = `company${a.company.id}`;

    const attempts = [
      aFile,
      `/public/${aFile}`,
      `http://evil.test/public/${aFile}`,
      `/public/${own}/../${other}/${rest}`,
      `${own}/../${other}/${rest}`,
      `/public/${own}/..%2F${other}%2F${rest}`,
      `/public/${own}%2F..%2F${other}%2F${rest}`,
      `/public/${own}/%2e%2e/${other}/${rest}`,
      `/public/${own}/%252e%252e/${other}/${rest}`,
      `${own}/./../${other}/${rest}`,
      `${own}//../${other}/${rest}`,
      `${own}\\..\\${other}\\${rest}`,
      path.join(storageFolder(k), aFile),
      `/public/${own}/../../${path.basename(storageFolder(k))}/${aFile}`,
      `${own}/messages/\u0000/../../${other}/${rest}`,
    ];
    for (const mediaUrl of attempts) {
      const res = await k.api('POST', `/messages/${b.ticketId}`, { token: b.admin.token, body: { mediaUrl } });
      expect(res.status, mediaUrl).toBe(400);
      expect(res.body.issues, mediaUrl).toContainEqual(expect.objectContaining({ path: ['mediaUrl'] }));
    }
    expect(await k.db('messages').where({ ticketId: b.ticketId })).toEqual([]);
    expect(filesOf(b.company.id)).toEqual([]);

    // The company's own file, by storage path or URL, is copied.
    const own1 = new FormData();
    own1.append('isPrivate', 'true');
    own1.append('medias', new Blob(['de B'], { type: 'application/pdf' }), 'b.pdf');
    await k.api('POST', `/messages/${b.ticketId}`, { token: b.admin.token, body: own1 });
    const bFile = (await k.db('messages').where({ ticketId: b.ticketId }).first()).mediaUrl as string;
    const copied = await k.api('POST', `/messages/${b.ticketId}`, { token: b.admin.token, body: { mediaUrl: `/public/${bFile}`, isPrivate: true } });
    expect(copied.status).toBe(200);
    expect(filesOf(b.company.id)).toHaveLength(2);
  });
});

describe('resolveCompanyMedia / companyMediaPath', () => {
  it('keeps only normalised paths inside the company folder', () => {
    expect(companyMediaPath(3, 'company3/messages/a.png')).toBe('company3/messages/a.png');
    expect(companyMediaPath(3, '/public/company3/messages/a.png')).toBe('company3/messages/a.png');
    expect(companyMediaPath(3, 'https://host/public/company3/messages/a.png?x=1')).toBe('company3/messages/a.png');
    expect(companyMediaPath(3, '/public/company3/messages/a%20b.png')).toBe('company3/messages/a b.png');
    for (const bad of ['company2/messages/a.png', 'company3/../company2/a.png', 'company3/%2e%2e/company2/a.png', 'company3%2F..%2Fcompany2%2Fa.png', 'company3/a%25252F', 'company3', '/company3/a.png', 'company3/a\u0000.png', 'company3/./a.png', 'company33/a.png', 'company3/%E0%A4%A']) {
      expect(companyMediaPath(3, bad), bad).toBeNull();
    }
  });

  it('refuses a symbolic link that leaves the company folder', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    const storage = k.kernel.core.storage;
    const secret = await storage.save(a.company.id, 'messages', 's.txt', Buffer.from('x'));
    const mine = await storage.save(b.company.id, 'messages', 'm.txt', Buffer.from('y'));
    const link = `company${b.company.id}/messages/link.txt`;
    fs.symlinkSync(path.join(storageFolder(k), secret.path), path.join(storageFolder(k), link));
    expect(await resolveCompanyMedia(storage, b.company.id, link)).toBeNull();
    expect(await resolveCompanyMedia(storage, b.company.id, mine.path)).toMatchObject({ stored: mine.path });
    expect(await resolveCompanyMedia(storage, b.company.id, `company${b.company.id}/messages/none.txt`)).toBeNull();
  });
});
