// `npm start`: builds what is missing or stale, then starts Guichê on the embedded default
// (PGlite in ./data, in-process bus and jobs) unless DATABASE_URL / REDIS_URL say otherwise.
// The server is transpiled without type-checking (issue #32: that was most of a first start);
// `npm test` type-checks through `npm run check`.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { transpileAll } from './transpile.mjs';

const root = path.resolve(import.meta.dirname, '..');

const started = Date.now();
const written = transpileAll(root);
process.stdout.write(`transpiled ${written} server files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
execFileSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });

const server = spawn(process.execPath, [path.join(root, 'core/dist/bin/start.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
