// Issue #28's throughput figures beside their reference in one run: pgbench TPC-B (8 clients, on a
// scratch database of the machine's PostgreSQL) before and after P1 ingest and P5 outbound, each
// bench in its own process, then the ratios. The load average is printed with every step: on a
// shared machine compare within a run. Prints figures; asserts nothing.
//
// `npx tsc -b` first. THROUGHPUT_PGBENCH_SECONDS (15), P1_MESSAGES, P5_CONTACTS, P5_QUICK pass through.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.THROUGHPUT_PGBENCH_SECONDS ?? 15);
const PG = ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres'];
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' / ');

function pgbench() {
  const db = `guiche_pgbench_${randomBytes(3).toString('hex')}`;
  execFileSync('createdb', [...PG, db]);
  try {
    execFileSync('pgbench', [...PG, '-i', '-q', '-s', '8', db], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [...PG, '-c', '8', '-j', '2', '-T', String(SECONDS), db], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+)/.exec(out);
    return tps ? Number(tps[1]) : NaN;
  } finally {
    execFileSync('dropdb', [...PG, '--if-exists', db]);
  }
}

function bench(script, env = {}) {
  const run = spawnSync(process.execPath, [path.join(here, script)], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`${script} exited ${run.status}: ${run.stderr.slice(-2000)}`);
  return run.stdout;
}

const figure = (text, pattern) => {
  const match = pattern.exec(text);
  return match ? Number(match[1].replace(/,/g, '')) : NaN;
};

const before = pgbench();
console.log(`pgbench TPC-B, 8 clients, ${SECONDS} s: ${before.toFixed(0)} tps (load ${load()})`);
const p1 = bench('p1-ingest.mjs');
console.log(p1.trim());
console.log(`(load ${load()})`);
const p5 = bench('p5-campaigns.mjs', { P5_QUICK: process.env.P5_QUICK ?? '1', P5_CONTACTS: process.env.P5_CONTACTS ?? '2000' });
console.log(p5.split('\n').filter((line) => !line.startsWith('  ') || /^\s*\|/.test(line)).join('\n').trim());
console.log(`(load ${load()})`);
const after = pgbench();
console.log(`pgbench TPC-B, 8 clients, ${SECONDS} s: ${after.toFixed(0)} tps (load ${load()})`);

const reference = (before + after) / 2;
const ingest = figure(p1, /1,?000 contacts[^\d]*([\d,.]+) msg\/s/);
const campaign = figure(p5, /\| campaign \(start → FINALIZADA\) \| ([\d,.]+) \|/);
const replies = figure(p5, /\| outbound only \(replies on existing tickets\) \| ([\d,.]+) \|/);
console.log(`\nreference (pgbench mean): ${reference.toFixed(0)} tps`);
console.log(`P1 inbound, 1,000 contacts: ${ingest} msg/s → ratio ${(ingest / reference).toFixed(3)} (goal ≥ 0.3)`);
console.log(`campaign (fake session): ${campaign} msg/s → ratio ${(campaign / reference).toFixed(3)}`);
console.log(`replies (outbound only): ${replies} msg/s → ratio ${(replies / reference).toFixed(3)}`);
