// P2 ticket list: p50/p95 of GET /api/tickets for an agent in a tenant with 1k and with 100k
// tickets (10 messages each), and the ratio. Data is generated in SQL (ticket-tenant.mjs);
// requests are real HTTP.
import { fmt, percentile, startBenchKernel } from './lib.mjs';
import { seedTenant, VIEWS } from './ticket-tenant.mjs';

const REQUESTS = Number(process.env.P2_REQUESTS ?? 200);

async function measure(bench, token, query) {
  const { url, db } = bench;
  const timings = [];
  let count = 0;
  let statements = 0;
  const listen = () => statements++;
  db.on('query', listen);
  for (let i = 0; i < REQUESTS; i++) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${url}/api/tickets?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.status !== 200) throw new Error(`GET /api/tickets answered ${res.status}: ${JSON.stringify(body)}`);
    count = body.tickets.length;
  }
  db.off('query', listen);
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), count, statements: statements / REQUESTS };
}

const bench = await startBenchKernel();
try {
  const small = await seedTenant(bench, 1000);
  const large = await seedTenant(bench, 100000);
  console.log(`P2 ticket list (GET /api/tickets as an agent of one queue, ${REQUESTS} sequential requests per case)`);
  for (const [label, view] of VIEWS) {
    const a = await measure(bench, ...view(small));
    const b = await measure(bench, ...view(large));
    console.log(`  ${label.padEnd(26)} 1k tickets: p50 ${fmt(a.p50)} ms, p95 ${fmt(a.p95)} ms (${a.count} rows) | 100k tickets: p50 ${fmt(b.p50)} ms, p95 ${fmt(b.p95)} ms (${b.count} rows) | ratio p50 ${fmt(b.p50 / a.p50, 2)}, p95 ${fmt(b.p95 / a.p95, 2)} | ${fmt(b.statements)} SQL statements per request`);
  }
} finally {
  await bench.close();
}
