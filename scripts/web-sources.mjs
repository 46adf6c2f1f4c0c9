// What a web target is built from, as one hash: its own files (not dist or node_modules), the SDK,
// the shared contracts and the lock file. Content, not times: a checkout or a copy changes times only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.git']);

function filesUnder(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** The web targets: the shell and every web module (the SDK is built into them, not on its own). */
export function webTargets(root) {
  const modules = fs.readdirSync(path.join(root, 'web-modules')).filter((d) => d !== 'sdk').map((d) => `web-modules/${d}`);
  return ['web-shell', ...modules].filter((target) => fs.existsSync(path.join(root, target, 'rsbuild.config.ts')));
}

export function sourcesFingerprint(root, target) {
  const inputs = [target, 'web-modules/sdk', 'core/contracts/src', 'core/contracts/package.json', 'package-lock.json'];
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    const full = path.join(root, input);
    const files = fs.existsSync(full) && fs.statSync(full).isFile() ? [full] : filesUnder(full).sort();
    for (const file of files) {
      hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}
