// #32 first start: what a fresh clone's `npm start` costs before the first page answers. Removes
// every build output (dist folders, with their tsbuildinfo), runs `npm start` (scripts/start.mjs) on
// the embedded default in a temporary data folder, and polls the page until it answers with the
// shell's HTML. Prints the total and when each stage's first line appeared. Asserts nothing.
//
// `node bench/first-start.mjs` from the repository (its node_modules installed). FIRST_START_PORT
// (18090) tunes it; `--keep` skips the removal (a warm start).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.FIRST_START_PORT ?? 18090);
const keep = process.argv.includes('--keep');

function buildOutputs() {
  const parents = ['core', 'core/contracts', 'migrations', 'web-shell'];
  for (const group of ['plugins', 'web-modules']) {
    for (const name of fs.readdirSync(path.join(root, group))) parents.push(`${group}/${name}`);
  }
  return parents.map((p) => path.join(root, p, 'dist')).filter((d) => fs.existsSync(d));
}

if (!keep) for (const dir of buildOutputs()) fs.rmSync(dir, { recursive: true, force: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-first-start-'));
const started = Date.now();
const stages = [];
// The embedded default: no DATABASE_URL / REDIS_URL from the caller's shell.
const { DATABASE_URL: _db, REDIS_URL: _redis, ...callerEnv } = process.env;
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...callerEnv, PORT: String(port), DATA_DIR: dataDir, DEMO: '0' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
const onData = (chunk) => {
  for (const line of String(chunk).split('\n')) {
    if (/^(building|transpil|type-check|web:|\S+: up to date)/i.test(line.trim())) stages.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${line.trim().slice(0, 100)}`);
  }
  output += chunk;
};
child.stdout.on('data', onData);
child.stderr.on('data', onData);
let exited = null;
child.on('exit', (code) => (exited = code));

let answered = false;
while (!answered && exited === null) {
  answered = await fetch(`http://127.0.0.1:${port}/login`).then(
    async (res) => res.ok && (await res.text()).includes('id="root"'),
    () => false,
  );
  if (!answered) await new Promise((resolve) => setTimeout(resolve, 250));
}
const seconds = (Date.now() - started) / 1000;
process.kill(-child.pid, 'SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });
if (!answered) {
  console.error(`npm start exited (${exited}) before the first page answered:\n${output.slice(-3000)}`);
  process.exit(1);
}
console.log(`first start (${keep ? 'warm: build outputs kept' : 'every dist removed'}): first page answered after ${seconds.toFixed(1)} s`);
for (const stage of stages) console.log(`  ${stage}`);
console.log(`  load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs`);
