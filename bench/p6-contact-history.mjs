// P6 returning customer: p50/p95 of the earlier-conversation calls (GET /api/messages/{id}/earlier,
// first page and paged back, and GET /api/tickets/{id}/earlier) for a contact with thousands of
// closed tickets, as an admin and as an agent of one of three queues. The contact's history is the
// oldest data of the database (another tenant's 500k messages come after it), the worst case for a
// walk that starts from the newest message. Data is generated in SQL; requests are real HTTP.
import { fmt, percentile, startBenchKernel } from './lib.mjs';
import { seedTenant } from './ticket-tenant.mjs';

const EARLIER_TICKETS = Number(process.env.P6_TICKETS ?? 3000);
const MESSAGES_PER_TICKET = 10;
const REQUESTS = Number(process.env.P6_REQUESTS ?? 100);
const PAGES = 20;

/** A contact with EARLIER_TICKETS closed tickets over three queues and a year, and its open ticket now. */
async function seedReturningContact(db, tenant) {
  const { companyId } = tenant;
  const [connection] = await db('whatsapps').where({ companyId }).select('id');
  const queueIds = (await db('queues').where({ companyId }).orderBy('id').limit(3).select('id')).map((q) => q.id);
  const [contact] = await db('contacts').insert({ companyId, name: 'Cliente fiel', number: 'visitor-loyal', channel: 'webchat' }).returning('id');
  await db.raw(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, status, channel, last_message, created_at, updated_at)
     SELECT ?, ?, ?, (?::int[])[1 + g % 3], 'closed', 'webchat', 'Conversa ' || g,
            now() - interval '1 year' + g * interval '2 hours', now() - interval '1 year' + g * interval '2 hours'
     FROM generate_series(1, ?) g`,
    [companyId, contact.id, connection.id, queueIds, EARLIER_TICKETS],
  );
  await db.raw(
    `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, wid, from_me, body, ack, created_at, updated_at)
     SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, 'loyal-' || t.id || '-' || m, m % 2 = 0, 'Mensagem ' || m, 3,
            t.created_at + m * interval '1 minute', t.created_at + m * interval '1 minute'
     FROM tickets t CROSS JOIN generate_series(1, ?) m WHERE t.contact_id = ? ORDER BY t.id, m`,
    [MESSAGES_PER_TICKET, contact.id],
  );
  return { contactId: contact.id, connectionId: connection.id, queueId: queueIds[0] };
}

async function openCurrentTicket(db, tenant, loyal) {
  const [ticket] = await db('tickets')
    .insert({ companyId: tenant.companyId, contactId: loyal.contactId, whatsappId: loyal.connectionId, queueId: loyal.queueId, status: 'pending', channel: 'webchat' })
    .returning('id');
  await db('messages').insert({ companyId: tenant.companyId, ticketId: ticket.id, contactId: loyal.contactId, whatsappId: loyal.connectionId, wid: 'loyal-now', fromMe: false, body: 'Oi de novo', ack: 0 });
  await db.raw('ANALYZE');
  return ticket.id;
}

async function get(url, token) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

async function timed(work) {
  const timings = [];
  let last;
  for (let i = 0; i < REQUESTS; i++) {
    const started = process.hrtime.bigint();
    last = await work();
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), last };
}

/** PAGES pages back from the newest earlier message: each step's beforeId is the oldest message shown. */
async function pageBack(url, token, ticketId) {
  const timings = [];
  let beforeId;
  let messages = 0;
  for (let page = 0; page < PAGES; page++) {
    const started = process.hrtime.bigint();
    const body = await get(`${url}/api/messages/${ticketId}/earlier${beforeId ? `?beforeId=${beforeId}` : ''}`, token);
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    messages += body.messages.length;
    if (!body.hasMore) break;
    beforeId = body.messages[0].id;
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), pages: timings.length, messages };
}

const bench = await startBenchKernel();
try {
  const tenant = await seedTenant(bench, 1000);
  const loyal = await seedReturningContact(bench.db, tenant);
  await seedTenant(bench, 50000);
  const ticketId = await openCurrentTicket(bench.db, tenant, loyal);
  const { url } = bench;
  console.log(`P6 returning customer (${EARLIER_TICKETS} earlier tickets × ${MESSAGES_PER_TICKET} messages, the oldest data of a 540k-message database; ${REQUESTS} sequential requests per case)`);
  for (const [who, token] of [['admin', tenant.adminToken], ['agent of one of three queues', tenant.token]]) {
    const first = await timed(() => get(`${url}/api/messages/${ticketId}/earlier`, token));
    const back = await pageBack(url, token, ticketId);
    const list = await timed(() => get(`${url}/api/tickets/${ticketId}/earlier`, token));
    console.log(`  ${who}:`);
    console.log(`    first page of earlier messages   p50 ${fmt(first.p50)} ms, p95 ${fmt(first.p95)} ms (${first.last.messages.length} messages, ${first.last.tickets.length} tickets)`);
    console.log(`    paging back ${back.pages} pages              p50 ${fmt(back.p50)} ms, p95 ${fmt(back.p95)} ms (${back.messages} messages)`);
    console.log(`    drawer's earlier tickets          p50 ${fmt(list.p50)} ms, p95 ${fmt(list.p95)} ms (${list.last.tickets.length} tickets)`);
  }
} finally {
  await bench.close();
}
