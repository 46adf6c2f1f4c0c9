// Type-checks the web packages (bundled by rsbuild, so not part of the tsc -b project graph), and
// the shell's service worker (web-shell/worker: the WebWorker library, not the DOM's).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const targets = ['web-shell', 'web-shell/worker', ...fs.readdirSync(path.join(root, 'web-modules')).map((d) => `web-modules/${d}`)];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
for (const target of targets) {
  if (!fs.existsSync(path.join(root, target, 'tsconfig.json'))) continue;
  execFileSync(process.execPath, [tsc, '-p', target, '--noEmit'], { cwd: root, stdio: 'inherit' });
}
