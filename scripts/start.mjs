// `npm start`: builds what is missing or stale, then starts Guichê on the embedded default
// (PGlite in ./data, in-process bus and jobs) unless DATABASE_URL / REDIS_URL say otherwise.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });

run([path.join(root, 'node_modules/typescript/bin/tsc'), '-b']);
run([path.join(root, 'scripts/build-web.mjs')]);

const server = spawn(process.execPath, [path.join(root, 'core/dist/bin/start.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
