import { randomBytes } from 'node:crypto';
import type { TestKernel } from '@guiche/core/testing';

/** Rows the SLA tests stand on: a queue and a WhatsApp connection of a company, each with a name of its own. */
export function slaFixtures(k: () => TestKernel, colorBase: number) {
  let seq = 0;
  return {
    next: () => ++seq,
    async queue(companyId: number): Promise<number> {
      const [row] = await k().db('queues').insert({ companyId, name: `Fila ${++seq}`, color: `#${(colorBase + seq).toString(16)}` }).returning('id');
      return row.id;
    },
    async connection(companyId: number): Promise<number> {
      const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
      const [row] = await k().db('whatsapps').insert({ companyId, name: `Linha ${++seq}`, channel: 'whatsapp', token }).returning('id');
      return row.id;
    },
  };
}
