import type { TestCompany, TestKernel } from '@guiche/core/testing';

const HOUR = 3_600_000;
/** São Paulo wall time (UTC-3 all year since 2019) as an instant. */
const sp = (iso: string) => new Date(`${iso}-03:00`);

/** The first Monday at `hour`:00 in São Paulo at least two days from now: later than every real due time of the test. */
export function comingMonday(hour: number): Date {
  const start = new Date(Date.now() + 2 * 24 * HOUR);
  for (let i = 0; i < 8; i++) {
    const local = new Date(start.getTime() + i * 24 * HOUR - 3 * HOUR);
    if (local.getUTCDay() === 1) return sp(`${local.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00`);
  }
  throw new Error('no Monday');
}

let seq = 0;
/** A pending ticket in a queue of its own on the company's connection, created at `createdAt` (its SLA clock's start). */
export async function breachingTicket(k: TestKernel, company: TestCompany & { connectionId: number }, { createdAt }: { createdAt: Date }) {
  const n = ++seq;
  const [queue] = await k.db('queues').insert({ companyId: company.company.id, name: `Suporte ${n}`, color: `#${(0x500000 + n).toString(16)}` }).returning('id');
  const [contact] = await k.db('contacts').insert({ companyId: company.company.id, name: `Cliente ${n}`, number: `55218${String(30000000 + n)}`, channel: 'whatsapp' }).returning('id');
  const [ticket] = await k.db('tickets')
    .insert({ companyId: company.company.id, whatsappId: company.connectionId, contactId: contact.id, queueId: queue.id, status: 'pending', createdAt, updatedAt: createdAt })
    .returning('id');
  return { queueId: queue.id as number, ticketId: ticket.id as number };
}

export async function slaTarget(k: TestKernel, token: string, body: Record<string, unknown>): Promise<void> {
  const res = await k.api('POST', '/sla-targets', { token, body });
  if (res.status !== 201) throw new Error(`target ${res.status} ${JSON.stringify(res.body)}`);
}

const spClock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const spNow = (at: Date) => {
  const parts = Object.fromEntries(spClock.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekdayEn: parts.weekday!.toLowerCase(), hhmm: `${parts.hour}:${parts.minute}` };
};

/**
 * A rota window running from a minute ago to half an hour from now on the real clock, for tests whose
 * timers fire on other nodes' wall clocks; across midnight it is an overnight window (end before start).
 */
export function windowAroundNow(now = new Date()): Record<string, [string, string]> {
  const from = spNow(new Date(now.getTime() - 60_000));
  const to = spNow(new Date(now.getTime() + 30 * 60_000));
  return { [from.weekdayEn]: [from.hhmm, to.hhmm] };
}
