import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestCompany, type TestKernel } from '@guiche/core/testing';
import plugin from '../src/plugin.js';
import { CONNECTION_RETRY_MS, CONNECTION_WAITS } from '../src/send-due.js';
import { connection, contact, sentTo, sp } from './support.js';

/**
 * Due schedules fired with the timed work's runDue(now) on a fake clock (every send time is years
 * ahead, so the kernel's own sweeper never reaches them): one message into the contact's ticket,
 * repeats on São Paulo wall time across month ends and a leap year, connection waits, ERRO.
 */

let k: TestKernel;
let c: TestCompany;
let conn: number;

beforeAll(async () => {
  k = await createTestKernel({ plugins: [plugin] });
  c = await k.createCompany({ planFlags: { useSchedules: true } });
  conn = await connection(k, c.company.id, { isDefault: true });
});
afterAll(async () => k?.close());

const runDue = (now: Date) => k.kernel.core.timedWork.runDue(now);
async function schedule(body: Record<string, unknown>) {
  const res = await k.api('POST', '/schedules', { token: c.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}
const row = (id: number) => k.db('schedules').where({ id }).first();
const timer = (id: number) => k.db('timedWork').where({ kind: 'schedules.send', key: String(id) }).first();
const iso = (d: Date | string) => new Date(d).toISOString();

describe('a one-off schedule', () => {
  it('is not sent before its time, then once into a new ticket of the contact, ENVIADA', async () => {
    const to = await contact(k, c.company.id);
    const at = sp('2030-03-10T14:00:00');
    const s = await schedule({ body: 'Sua consulta é amanhã', contactId: to, sendAt: at.toISOString() });
    await runDue(new Date(at.getTime() - 1));
    expect(await sentTo(k, to)).toEqual([]);
    expect((await row(s.id)).status).toBe('PENDENTE');

    await runDue(at);
    await runDue(new Date(at.getTime() + 3_600_000));
    const sent = await sentTo(k, to);
    expect(sent).toEqual([expect.objectContaining({ body: 'Sua consulta é amanhã', whatsappId: conn })]);
    const ticket = await k.db('tickets').where({ id: sent[0].ticketId }).first();
    expect(ticket).toMatchObject({ contactId: to, whatsappId: conn, status: 'pending', lastMessage: 'Sua consulta é amanhã' });
    expect(await row(s.id)).toMatchObject({ status: 'ENVIADA', ticketId: ticket.id, sentCount: 1, error: null });
    expect(iso((await row(s.id)).sentAt)).toBe(iso(at));
    expect(await timer(s.id)).toBeUndefined();
    const message = await k.db('messages').where({ ticketId: ticket.id }).first('sendStatus', 'ack');
    expect(message).toMatchObject({ sendStatus: 'pending', ack: 0 });
  });

  it('goes into the contact\'s open ticket, or reopens a recently closed one, like any outbound', async () => {
    const to = await contact(k, c.company.id);
    const [open] = await k.db('tickets').insert({ companyId: c.company.id, contactId: to, whatsappId: conn, status: 'open', userId: c.admin.user.id }).returning('id');
    const at = sp('2030-04-01T10:00:00');
    await schedule({ body: 'Mensagem no ticket aberto', contactId: to, sendAt: at.toISOString() });
    await runDue(at);
    expect((await sentTo(k, to)).map((m) => m.ticketId)).toEqual([open.id]);

    const back = await contact(k, c.company.id);
    await k.db('whatsapps').where({ id: conn }).update({ timeCreateNewTicket: 60 * 24 * 365 * 10 });
    const [closed] = await k.db('tickets').insert({ companyId: c.company.id, contactId: back, whatsappId: conn, status: 'closed' }).returning('id');
    await schedule({ body: 'Reabre o ticket fechado', contactId: back, sendAt: at.toISOString() });
    await runDue(at);
    expect((await sentTo(k, back)).map((m) => m.ticketId)).toEqual([closed.id]);
    expect((await k.db('tickets').where({ id: closed.id }).first()).status).toBe('pending');
    await k.db('whatsapps').where({ id: conn }).update({ timeCreateNewTicket: 0 });
  });

  it('sends its media with the body', async () => {
    const to = await contact(k, c.company.id);
    const at = sp('2030-04-02T10:00:00');
    const s = await schedule({ body: 'Segue a foto', contactId: to, sendAt: at.toISOString() });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'foto.png');
    expect((await fetch(`${k.apiUrl}/schedules/${s.id}/media`, { method: 'POST', headers: { authorization: `Bearer ${c.admin.token}` }, body: form })).status).toBe(200);
    await runDue(at);
    expect(await sentTo(k, to)).toEqual([expect.objectContaining({ body: 'Segue a foto', mediaName: 'foto.png' })]);
  });

  it('a cancelled or deleted schedule never goes out', async () => {
    const to = await contact(k, c.company.id);
    const at = sp('2030-05-01T10:00:00');
    const a = await schedule({ body: 'Será cancelado', contactId: to, sendAt: at.toISOString() });
    const b = await schedule({ body: 'Será apagado', contactId: to, sendAt: at.toISOString() });
    await k.api('PUT', `/schedules/${a.id}`, { token: c.admin.token, body: { body: 'Será cancelado', contactId: to, sendAt: at.toISOString(), status: 'CANCELADA' } });
    await k.api('DELETE', `/schedules/${b.id}`, { token: c.admin.token });
    await runDue(new Date(at.getTime() + 1000));
    expect(await sentTo(k, to)).toEqual([]);
    expect((await row(a.id)).status).toBe('CANCELADA');
  });
});

describe('connection problems', () => {
  it('waits for a connection that is down, then sends once it is back', async () => {
    const down = await connection(k, c.company.id, { status: 'DISCONNECTED' });
    const to = await contact(k, c.company.id);
    const at = sp('2030-06-01T08:00:00');
    const s = await schedule({ body: 'Espera a conexão voltar', contactId: to, sendAt: at.toISOString(), whatsappId: down });
    await runDue(at);
    expect(await row(s.id)).toMatchObject({ status: 'PENDENTE', error: 'ERR_WAPP_NOT_INITIALIZED', waits: 1 });
    expect(iso((await timer(s.id)).dueAt)).toBe(iso(new Date(at.getTime() + CONNECTION_RETRY_MS)));
    await k.db('whatsapps').where({ id: down }).update({ status: 'CONNECTED' });
    await runDue(new Date(at.getTime() + CONNECTION_RETRY_MS));
    expect(await sentTo(k, to)).toEqual([expect.objectContaining({ body: 'Espera a conexão voltar', whatsappId: down })]);
    expect(await row(s.id)).toMatchObject({ status: 'ENVIADA', error: null });
  });

  it(`ends in ERRO with the reason after ${CONNECTION_WAITS} checks of a connection that stays down`, async () => {
    const down = await connection(k, c.company.id, { status: 'DISCONNECTED' });
    const to = await contact(k, c.company.id);
    const at = sp('2030-06-02T08:00:00');
    const s = await schedule({ body: 'Nunca sai', contactId: to, sendAt: at.toISOString(), whatsappId: down });
    for (let i = 0; i < CONNECTION_WAITS; i++) await runDue(new Date(at.getTime() + i * CONNECTION_RETRY_MS));
    expect(await row(s.id)).toMatchObject({ status: 'ERRO', error: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(await timer(s.id)).toBeUndefined();
    expect(await sentTo(k, to)).toEqual([]);
    const shown = await k.api('GET', `/schedules/${s.id}`, { token: c.admin.token });
    expect(shown.body).toMatchObject({ status: 'ERRO', error: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('ends in ERRO when there is no default connection', async () => {
    const d = await k.createCompany({ planFlags: { useSchedules: true } });
    const to = await contact(k, d.company.id);
    const at = sp('2030-06-03T08:00:00');
    const res = await k.api('POST', '/schedules', { token: d.admin.token, body: { body: 'Sem conexão padrão', contactId: to, sendAt: at.toISOString() } });
    await runDue(at);
    expect(await row(res.body.id)).toMatchObject({ status: 'ERRO', error: 'ERR_NO_DEF_WAPP_FOUND' });
  });
});

describe('repeats on São Paulo wall time (fake clock)', () => {
  async function fireAll(id: number, until: Date): Promise<string[]> {
    const fired: string[] = [];
    for (;;) {
      const t = await timer(id);
      if (!t || new Date(t.dueAt) > until) return fired;
      fired.push(iso(t.dueAt));
      await runDue(new Date(t.dueAt));
    }
  }

  it('monthly keeps the day, or the month\'s last day (31 Jan → 28 Feb → 31 Mar …, 29 Feb in a leap year), then ENVIADA at the end', async () => {
    const to = await contact(k, c.company.id);
    const s = await schedule({ body: 'Fatura do mês', contactId: to, sendAt: sp('2027-01-31T09:00:00').toISOString(), repeat: 'monthly', repeatUntil: sp('2028-03-31T09:00:00').toISOString() });
    const fired = await fireAll(s.id, sp('2030-01-01T00:00:00'));
    expect(fired).toEqual(
      [
        '2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31',
        '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31',
      ].map((day) => iso(sp(`${day}T09:00:00`))),
    );
    expect((await sentTo(k, to)).length).toBe(15);
    expect(await row(s.id)).toMatchObject({ status: 'ENVIADA', sentCount: 15 });
    expect(await timer(s.id)).toBeUndefined();
  });

  it('daily and weekly keep 23:30 local time across month and year ends; one timer, set again each time', async () => {
    const to = await contact(k, c.company.id);
    const daily = await schedule({ body: 'Bom dia diário', contactId: to, sendAt: sp('2027-12-30T23:30:00').toISOString(), repeat: 'daily', repeatUntil: sp('2028-01-02T23:30:00').toISOString() });
    expect(await fireAll(daily.id, sp('2029-01-01T00:00:00'))).toEqual(['2027-12-30', '2027-12-31', '2028-01-01', '2028-01-02'].map((d) => iso(sp(`${d}T23:30:00`))));
    const weekly = await schedule({ body: 'Resumo semanal', contactId: to, sendAt: sp('2028-02-15T23:30:00').toISOString(), repeat: 'weekly', repeatUntil: sp('2028-03-10T00:00:00').toISOString() });
    expect(await fireAll(weekly.id, sp('2029-01-01T00:00:00'))).toEqual(['2028-02-15', '2028-02-22', '2028-02-29', '2028-03-07'].map((d) => iso(sp(`${d}T23:30:00`))));
    const bodies = (await sentTo(k, to)).map((m) => m.body);
    expect(bodies.filter((b) => b === 'Bom dia diário')).toHaveLength(4);
    expect(bodies.filter((b) => b === 'Resumo semanal')).toHaveLength(4);
    // Every message of the contact went into one ticket (found again, never a second one).
    expect(new Set((await sentTo(k, to)).map((m) => m.ticketId)).size).toBe(1);
  });

  it('a late tick sends the missed occurrence once and goes on with the next future one', async () => {
    const to = await contact(k, c.company.id);
    const s = await schedule({ body: 'Lembrete diário', contactId: to, sendAt: sp('2029-07-01T09:00:00').toISOString(), repeat: 'daily', repeatUntil: sp('2029-07-31T09:00:00').toISOString() });
    // The whole cluster was down for five days.
    await runDue(sp('2029-07-05T12:00:00'));
    await runDue(sp('2029-07-05T12:00:01'));
    expect((await sentTo(k, to)).length).toBe(1);
    expect(iso((await timer(s.id)).dueAt)).toBe(iso(sp('2029-07-06T09:00:00')));
    expect(await row(s.id)).toMatchObject({ status: 'PENDENTE', sentCount: 1 });
  });
});
