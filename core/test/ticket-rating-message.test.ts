import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

/**
 * Issue #32: with ratings enabled the resolve dialog offered the rating request even when the
 * connection has no rating message (the server then sends nothing). Tickets carry
 * whatsapp.hasRatingMessage, so the dialog warns instead of promising a request.
 */
let k: TestKernel;
let seq = 0;

beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

async function ticketOn(companyId: number, ratingMessage: string | null) {
  const token = randomBytes(15).toString('hex').toUpperCase().slice(0, 30);
  const [conn] = await k.db('whatsapps').insert({ companyId, name: `Line ${++seq}`, channel: 'whatsapp', token, ratingMessage }).returning('id');
  const [contact] = await k.db('contacts').insert({ companyId, name: `Contact ${++seq}`, number: `55119${String(10000000 + seq)}`, channel: 'whatsapp' }).returning('id');
  const [ticket] = await k.db('tickets').insert({ companyId, whatsappId: conn.id, contactId: contact.id, status: 'open' }).returning('*');
  return ticket;
}

describe('tickets say whether their connection can ask for a rating', () => {
  it('hasRatingMessage is true only with a non-blank rating message, in the ticket and in the list', async () => {
    const c = await k.createCompany();
    const without = await ticketOn(c.company.id, null);
    const blank = await ticketOn(c.company.id, '   ');
    const withText = await ticketOn(c.company.id, 'Avalie de 1 a 5');
    const seen: Record<number, unknown> = {};
    for (const t of [without, blank, withText]) {
      const res = await k.api('GET', `/tickets/${t.id}`, { token: c.admin.token });
      expect(res.status).toBe(200);
      seen[t.id] = res.body.whatsapp.hasRatingMessage;
    }
    expect(seen).toEqual({ [without.id]: false, [blank.id]: false, [withText.id]: true });
    const list = await k.api('GET', '/tickets?showAll=true&status=open', { token: c.admin.token });
    expect(list.status).toBe(200);
    const listed = Object.fromEntries(list.body.tickets.map((t: any) => [t.id, t.whatsapp.hasRatingMessage]));
    expect(listed).toEqual(seen);
  });
});
