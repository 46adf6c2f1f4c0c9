// Builds the web shell and every web module with rsbuild (rsbuild does not type-check: see check-web.mjs),
// skipping a target whose sources are unchanged since its last build (`--force` builds all), and
// writes brotli and gzip copies of the text assets beside them for the server to send as they are
// (`--defer-precompress` leaves that to scripts/precompress.mjs: `npm start` runs it later).
// The targets build side by side in this one process (issue #32): rspack compiles on its own
// threads, so this saves a process start, the loading of rsbuild and the wait of each build's
// single-threaded phases, once per target.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRsbuild, loadConfig } from '@rsbuild/core';
import { sourcesFingerprint, webTargets } from './web-sources.mjs';
import { precompress } from './precompress.mjs';
import { buildServiceWorker } from './service-worker.mjs';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');
const deferPrecompress = process.argv.includes('--defer-precompress');
const STAMP = '.sources-fingerprint';
/** Builds at once: more only adds memory (each holds its module graph) once the cores are busy. */
const PARALLEL = Math.max(2, Math.min(4, os.availableParallelism() * 2));

async function build(target) {
  const dir = path.join(root, target);
  const started = Date.now();
  const { content } = await loadConfig({ cwd: dir });
  const rsbuild = await createRsbuild({ cwd: dir, rsbuildConfig: content });
  const result = await rsbuild.build();
  await result.close();
  // The shell's service worker lists the files just built (issue #29): written before they are precompressed.
  if (target === 'web-shell') await buildServiceWorker(dir);
  const built = `web: ${target} built in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (deferPrecompress) {
    process.stdout.write(`${built}\n`);
    return;
  }
  const { files, bytes, brotli } = precompress(path.join(dir, 'dist'));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`${built}, precompressed ${files} assets by ${seconds} s, ${Math.round(bytes / 1024)} kB → ${Math.round(brotli / 1024)} kB brotli\n`);
}

const stale = [];
for (const target of webTargets(root)) {
  const dir = path.join(root, target);
  const fingerprint = sourcesFingerprint(root, target);
  const stamp = path.join(dir, 'dist', STAMP);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === fingerprint) {
    process.stdout.write(`${target}: up to date\n`);
    continue;
  }
  stale.push({ target, fingerprint, stamp });
}

if (stale.length) process.stdout.write(`building ${stale.map((s) => s.target).join(', ')} (${Math.min(PARALLEL, stale.length)} at a time)\n`);
const queue = [...stale];
async function worker() {
  for (let next = queue.shift(); next; next = queue.shift()) {
    await build(next.target);
    fs.writeFileSync(next.stamp, next.fingerprint);
  }
}
await Promise.all(Array.from({ length: Math.min(PARALLEL, stale.length) }, worker));
