// Builds the web shell and every web module with rsbuild (rsbuild does not type-check: see check-web.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const targets = ['web-shell', ...fs.readdirSync(path.join(root, 'web-modules')).filter((d) => d !== 'sdk').map((d) => `web-modules/${d}`)];
for (const target of targets) {
  const dir = path.join(root, target);
  if (!fs.existsSync(path.join(dir, 'rsbuild.config.ts'))) continue;
  process.stdout.write(`building ${target}\n`);
  execFileSync(process.execPath, [path.join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], { cwd: dir, stdio: 'inherit' });
}
