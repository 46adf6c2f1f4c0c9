import ExcelJS from 'exceljs';
import { defineChannel, type PluginDefinition } from '@guiche/core';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { FakeWorld, fakeChannel, FULL_CAPABILITIES } from '../../../core/test/channels-fake-channel.js';
import plugin from '../src/plugin.js';
import { dispatchKey, DISPATCH_KIND } from '../src/dispatch.js';

/** The fake WhatsApp session of the core's tests: delivers to world.outbound, checks numbers against world.numbers. */
export function fakeWhatsapp(world: FakeWorld): PluginDefinition {
  return defineChannel({ ...fakeChannel(world), id: 'fake-whatsapp', channel: 'whatsapp', capabilities: { ...FULL_CAPABILITIES, checkNumber: true } });
}

export async function startKernel(world: FakeWorld): Promise<TestKernel> {
  return createTestKernel({ plugins: [fakeWhatsapp(world), plugin] });
}

export async function campaignCompany(k: TestKernel, flags: Record<string, boolean> = { useCampaigns: true }): Promise<TestCompany> {
  return k.createCompany({ planFlags: flags });
}

/** A WhatsApp connection of the company whose fake session is running. */
export async function liveConnection(k: TestKernel, world: FakeWorld, c: TestCompany, name = 'Loja'): Promise<number> {
  const created = await k.api('POST', '/whatsapp', { token: c.admin.token, body: { name, channel: 'whatsapp' } });
  if (created.status !== 201) throw new Error(`connection not created: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as number;
  await waitFor(async () => (await k.db('whatsapps').where({ id }).first('status')).status === 'CONNECTED' && world.session(id));
  return id;
}

let seq = 0;
/** A contact list with `n` items (numbers unique per call). */
export async function contactList(k: TestKernel, c: TestCompany, n: number): Promise<{ id: number; numbers: string[] }> {
  const [list] = await k.db('contactLists').insert({ companyId: c.company.id, name: `Lista ${++seq}` }).returning('id');
  const numbers = Array.from({ length: n }, (_, i) => `55${String(11_900_000_000 + ++seq * 10_000 + i)}`);
  if (n) {
    for (let i = 0; i < n; i += 1000) {
      await k.db('contactListItems').insert(numbers.slice(i, i + 1000).map((number, j) => ({ companyId: c.company.id, contactListId: list.id, name: `Pessoa ${i + j + 1}`, number })));
    }
  }
  return { id: list.id, numbers };
}

export async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Contatos');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function upload(k: TestKernel, token: string, path: string, file: Buffer, name = 'lista.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), name);
  const res = await fetch(`${k.apiUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export const dispatchTimer = (k: TestKernel, campaignId: number, connectionId: number) => k.db('timedWork').where({ kind: DISPATCH_KIND, key: dispatchKey(campaignId, connectionId) }).first();
export const shippings = (k: TestKernel, campaignId: number) => k.db('campaignShippings').where({ campaignId }).orderBy('id');
export const states = async (k: TestKernel, campaignId: number) => {
  const rows = await shippings(k, campaignId);
  return rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.state]: (acc[r.state] ?? 0) + 1 }), {});
};

export { FakeWorld };
