// Builds the web shell and every web module with rsbuild (rsbuild does not type-check: see check-web.mjs),
// skipping a target whose sources are unchanged since its last build (`--force` builds all), and
// writes brotli and gzip copies of the text assets beside them for the server to send as they are.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sourcesFingerprint } from './web-sources.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');
const STAMP = '.sources-fingerprint';
const targets = ['web-shell', ...fs.readdirSync(path.join(root, 'web-modules')).filter((d) => d !== 'sdk').map((d) => `web-modules/${d}`)];
for (const target of targets) {
  const dir = path.join(root, target);
  if (!fs.existsSync(path.join(dir, 'rsbuild.config.ts'))) continue;
  const fingerprint = sourcesFingerprint(root, target);
  const stamp = path.join(dir, 'dist', STAMP);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === fingerprint) {
    process.stdout.write(`${target}: up to date\n`);
    continue;
  }
  process.stdout.write(`building ${target}\n`);
  execFileSync(process.execPath, [path.join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], { cwd: dir, stdio: 'inherit' });
  const { files, bytes, brotli } = precompress(path.join(dir, 'dist'));
  process.stdout.write(`${target}: ${files} assets precompressed, ${Math.round(bytes / 1024)} kB → ${Math.round(brotli / 1024)} kB brotli\n`);
  fs.writeFileSync(stamp, fingerprint);
}
