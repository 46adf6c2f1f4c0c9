// P2 ticket list: p50/p95 of GET /api/tickets for an agent in a tenant with 1k and with 100k
// tickets (10 messages each), and the ratio. Data is generated in SQL; requests are real HTTP.
import { randomBytes } from 'node:crypto';
import { createCompany, fmt, percentile, startBenchKernel } from './lib.mjs';

const REQUESTS = Number(process.env.P2_REQUESTS ?? 200);

async function seedTenant(bench, tickets) {
  const { kernel, db } = bench;
  const { companyId } = await createCompany(kernel);
  const queues = await db('queues')
    .insert([0, 1, 2].map((i) => ({ companyId, name: `Fila ${i}`, color: `#00000${i}` })))
    .returning('id');
  const [agent] = await db('users')
    .insert({ companyId, name: 'Agente', email: `agent.${randomBytes(4).toString('hex')}@bench.local`, passwordHash: 'x', profile: 'user' })
    .returning(['id', 'companyId', 'profile', 'super']);
  await db('userQueues').insert({ companyId, userId: agent.id, queueId: queues[0].id });
  const [connection] = await db('whatsapps')
    .insert({ companyId, name: 'Bench', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(15).toString('hex').toUpperCase() })
    .returning('id');
  const q = queues.map((r) => r.id);
  await db.raw(
    `INSERT INTO contacts (company_id, name, number, channel)
     SELECT ?, 'Contato ' || g, 'visitor-' || g, 'webchat' FROM generate_series(1, ?) g`,
    [companyId, tickets],
  );
  // 40% pending, 40% open (a third of them the agent's), 20% closed; spread over three queues and a year.
  await db.raw(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, last_message, updated_at, created_at)
     SELECT c.company_id, c.id, ?::int, (ARRAY[?, ?, ?]::int[])[1 + (c.id % 3)],
            CASE WHEN c.id % 5 IN (2, 3) AND c.id % 3 = 0 THEN ?::int ELSE NULL END,
            CASE WHEN c.id % 5 IN (0, 1) THEN 'pending' WHEN c.id % 5 IN (2, 3) THEN 'open' ELSE 'closed' END,
            'webchat', 'Última mensagem ' || c.id,
            now() - (c.id % 525600) * interval '1 minute', now() - interval '1 year'
     FROM contacts c WHERE c.company_id = ?`,
    [connection.id, q[0], q[1], q[2], agent.id, companyId],
  );
  await db.raw(
    `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, wid, from_me, body, ack, created_at, updated_at)
     SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, t.id || '-' || m, m % 2 = 0, 'Mensagem ' || m, 3, t.updated_at, t.updated_at
     FROM tickets t CROSS JOIN generate_series(1, 10) m WHERE t.company_id = ?`,
    [companyId],
  );
  await db.raw('ANALYZE');
  return { token: kernel.core.signAccessToken(agent), queueId: q[0] };
}

async function measure(url, token, query) {
  const timings = [];
  let count = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${url}/api/tickets?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.status !== 200) throw new Error(`GET /api/tickets answered ${res.status}: ${JSON.stringify(body)}`);
    count = body.tickets.length;
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), count };
}

const bench = await startBenchKernel();
try {
  const small = await seedTenant(bench, 1000);
  const large = await seedTenant(bench, 100000);
  const views = [
    ['pending, agent queue', (t) => `status=pending&queueIds=${encodeURIComponent(JSON.stringify([t.queueId]))}&pageNumber=1`],
    ['open (assigned), agent', (t) => `status=open&queueIds=${encodeURIComponent(JSON.stringify([t.queueId]))}&pageNumber=1`],
  ];
  console.log(`P2 ticket list (GET /api/tickets as an agent of one of three queues, ${REQUESTS} sequential requests per case)`);
  for (const [label, query] of views) {
    const a = await measure(bench.url, small.token, query(small));
    const b = await measure(bench.url, large.token, query(large));
    console.log(`  ${label.padEnd(24)} 1k tickets: p50 ${fmt(a.p50)} ms, p95 ${fmt(a.p95)} ms (${a.count} rows) | 100k tickets: p50 ${fmt(b.p50)} ms, p95 ${fmt(b.p95)} ms (${b.count} rows) | ratio p50 ${fmt(b.p50 / a.p50, 2)}, p95 ${fmt(b.p95 / a.p95, 2)}`);
  }
} finally {
  await bench.close();
}
