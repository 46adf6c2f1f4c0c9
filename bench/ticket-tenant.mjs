// A tenant for the ticket-list benchmarks, generated in SQL: three busy queues with an agent of the
// first one, `tickets` contacts with one ticket each (10 messages each), and two backlog queues
// whose only agent sees nothing but their old pending tickets (1% of the tenant, older than all
// the rest): the case where the visibility rule, not the status, decides what one reads.
import { randomBytes } from 'node:crypto';
import { createCompany } from './lib.mjs';

async function agentOf(db, companyId, queueIds, name) {
  const [agent] = await db('users')
    .insert({ companyId, name, email: `agent.${randomBytes(4).toString('hex')}@bench.local`, passwordHash: 'x', profile: 'user' })
    .returning(['id', 'companyId', 'profile', 'super']);
  await db('userQueues').insert(queueIds.map((queueId) => ({ companyId, userId: agent.id, queueId })));
  return agent;
}

export async function seedTenant(bench, tickets) {
  const { kernel, db } = bench;
  const { companyId, adminToken } = await createCompany(kernel);
  const queues = await db('queues')
    .insert([0, 1, 2, 3, 4].map((i) => ({ companyId, name: `Fila ${i}`, color: `#00000${i}` })))
    .returning('id');
  const q = queues.map((r) => r.id);
  const agent = await agentOf(db, companyId, [q[0]], 'Agente');
  const backlogAgent = await agentOf(db, companyId, [q[3], q[4]], 'Agente do acúmulo');
  const backlog = Math.max(10, Math.round(tickets / 100));
  const [connection] = await db('whatsapps')
    .insert({ companyId, name: 'Bench', channel: 'webchat', status: 'CONNECTED', isDefault: true, token: randomBytes(15).toString('hex').toUpperCase() })
    .returning('id');
  await db.raw(
    `INSERT INTO contacts (company_id, name, number, channel)
     SELECT ?, 'Contato ' || g, 'visitor-' || g, 'webchat' FROM generate_series(1, ?) g`,
    [companyId, tickets + backlog],
  );
  // 40% pending, 40% open (a third of them the agent's), 20% closed; spread over three queues and a year.
  // The last `backlog` contacts: pending, unassigned, in the backlog queues, untouched for two years.
  await db.raw(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, last_message, updated_at, created_at)
     SELECT c.company_id, c.id, ?::int,
            CASE WHEN c.rn > ? THEN (ARRAY[?, ?]::int[])[1 + (c.id % 2)] ELSE (ARRAY[?, ?, ?]::int[])[1 + (c.id % 3)] END,
            CASE WHEN c.rn <= ? AND c.id % 5 IN (2, 3) AND c.id % 3 = 0 THEN ?::int ELSE NULL END,
            CASE WHEN c.rn > ? OR c.id % 5 IN (0, 1) THEN 'pending' WHEN c.id % 5 IN (2, 3) THEN 'open' ELSE 'closed' END,
            'webchat', 'Última mensagem ' || c.id,
            CASE WHEN c.rn > ? THEN now() - interval '2 years' - c.rn * interval '1 minute'
                 ELSE now() - (c.id % 525600) * interval '1 minute' END,
            now() - interval '3 years'
     FROM (SELECT *, row_number() OVER (ORDER BY id) AS rn FROM contacts WHERE company_id = ?) c`,
    [connection.id, tickets, q[3], q[4], q[0], q[1], q[2], tickets, agent.id, tickets, tickets, companyId],
  );
  await db.raw(
    `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, wid, from_me, body, ack, created_at, updated_at)
     SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, t.id || '-' || m, m % 2 = 0, 'Mensagem ' || m, 3, t.updated_at, t.updated_at
     FROM tickets t CROSS JOIN generate_series(1, 10) m WHERE t.company_id = ?`,
    [companyId],
  );
  await db.raw('ANALYZE');
  return {
    companyId,
    adminToken,
    token: kernel.core.signAccessToken(agent),
    queueId: q[0],
    backlogToken: kernel.core.signAccessToken(backlogAgent),
  };
}

const queueList = (id) => encodeURIComponent(JSON.stringify([id]));

/** The list views measured: [label, token of the tenant, query string]. */
export const VIEWS = [
  ['pending, agent queue', (t) => [t.token, `status=pending&queueIds=${queueList(t.queueId)}&pageNumber=1`]],
  ['open (assigned), agent', (t) => [t.token, `status=open&queueIds=${queueList(t.queueId)}&pageNumber=1`]],
  ['pending, backlog agent', (t) => [t.backlogToken, 'status=pending&pageNumber=1']],
  ['open, admin default view', (t) => [t.adminToken, 'status=open&pageNumber=1']],
];
