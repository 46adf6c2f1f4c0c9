import { randomBytes } from 'node:crypto';
import type { TestKernel } from '@guiche/core/testing';

let seq = 0;

export async function connection(k: TestKernel, companyId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [row] = await k.db('whatsapps').insert({ companyId, name: `Linha ${++seq}`, channel: 'whatsapp', token, status: 'CONNECTED', ...fields }).returning('id');
  return row.id;
}

export async function contact(k: TestKernel, companyId: number, name = `Contato ${++seq}`): Promise<number> {
  const [row] = await k.db('contacts').insert({ companyId, name, number: `55119${String(20000000 + ++seq)}`, channel: 'whatsapp' }).returning('id');
  return row.id;
}

/** The schedule's messages (fromMe, not private) in the contact's tickets, oldest first. */
export async function sentTo(k: TestKernel, contactId: number): Promise<{ body: string; ticketId: number; whatsappId: number; mediaName: string | null }[]> {
  return k.db('messages').where({ contactId, fromMe: true, isPrivate: false }).orderBy('id').select('body', 'ticketId', 'whatsappId', 'mediaName');
}

/** A São Paulo wall time (UTC−3 all year since 2019) as an instant. */
export function sp(local: string): Date {
  return new Date(`${local}-03:00`);
}
