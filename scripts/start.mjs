// `npm start`: builds what is missing or stale, then starts Guichê on the embedded default
// (PGlite in ./data, in-process bus and jobs) unless DATABASE_URL / REDIS_URL say otherwise.
// Issue #32, a fresh clone's first start: the server is transpiled by SWC without type-checking
// (`npm test` type-checks through `npm run check`), the stale web targets build side by side in one
// process, and their brotli/gzip copies are written after the server starts, at the lowest CPU
// priority (the server compresses an asset on the fly until its copy exists).
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { transpileAll } from './transpile.mjs';

const root = path.resolve(import.meta.dirname, '..');

const started = Date.now();
const written = transpileAll(root);
process.stdout.write(`transpiled ${written} server files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
execFileSync(process.execPath, [path.join(root, 'scripts/build-web.mjs'), '--defer-precompress'], { cwd: root, stdio: 'inherit' });

const server = spawn(process.execPath, [path.join(root, 'core/dist/bin/start.js')], { cwd: root, stdio: 'inherit' });
const precompress = spawn(process.execPath, [path.join(root, 'scripts/precompress.mjs')], { cwd: root, stdio: 'inherit' });
try {
  os.setPriority(precompress.pid, os.constants.priority.PRIORITY_LOWEST);
} catch {
  // Not allowed here (some containers): it only competes with the server a little longer.
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    precompress.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  precompress.kill();
  process.exit(code ?? 0);
});
