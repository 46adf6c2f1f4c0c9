// The shell's service worker (web-shell/worker/sw.ts, issue #29): bundled on its own by rsbuild (a
// worker target, no module federation, no page) and written to web-shell/dist/sw.js with the list of
// the shell's files it precaches on its first line, as Workbox's injectManifest would write it. The
// list names every built file of the shell (not the brotli/gzip copies, nor the federation's build
// statistics) with a revision: none for a file whose name carries its hash, the content's hash for
// the others (index.html, mf-manifest.json). A new build changes the list, so browsers install the new
// worker. Run by scripts/build-web.mjs after the shell's build, before its files are precompressed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRsbuild } from '@rsbuild/core';

export const WORKER_FILE = 'sw.js';
const MANIFEST_LINE = /^self\.__WB_MANIFEST=.*\n/;
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
const LEFT_OUT = /(\.br|\.gz|\.map|\.tmp|^sw\.js|^mf-stats\.json|^\.sources-fingerprint)$/;

function filesUnder(dir, base = dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, base, out);
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/** The precache list of a built shell folder: [{url, revision}], sorted so one build gives one list. */
export function precacheManifest(distDir) {
  return filesUnder(distDir)
    .filter((file) => !LEFT_OUT.test(file) && !file.startsWith('.'))
    .sort()
    .map((file) => ({
      url: `/${file}`,
      revision: HASHED_NAME.test(file) ? null : crypto.createHash('sha256').update(fs.readFileSync(path.join(distDir, file))).digest('hex').slice(0, 16),
    }));
}

/**
 * (Re)writes distDir/sw.js's first line with the folder's precache list: after the build, and again
 * by whoever changes the built files (the browser test of a new deployment does).
 */
export function writePrecacheManifest(distDir, bundle = fs.readFileSync(path.join(distDir, WORKER_FILE), 'utf8').replace(MANIFEST_LINE, '')) {
  const line = `self.__WB_MANIFEST=${JSON.stringify(precacheManifest(distDir))};\n`;
  const target = path.join(distDir, WORKER_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, line + bundle);
  fs.renameSync(temporary, target);
}

/** Bundles web-shell/worker/sw.ts and writes it, with the precache list, into the shell's dist. */
export async function buildServiceWorker(shellDir) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-sw-'));
  try {
    const rsbuild = await createRsbuild({
      cwd: shellDir,
      loadEnv: false,
      rsbuildConfig: {
        source: { entry: { sw: path.join(shellDir, 'worker', 'sw.ts') } },
        output: {
          target: 'web-worker',
          distPath: { root: out, js: '' },
          filename: { js: '[name].js' },
          filenameHash: false,
          sourceMap: false,
          cleanDistPath: true,
        },
        performance: { chunkSplit: { strategy: 'all-in-one' } },
        tools: { htmlPlugin: false },
      },
    });
    const result = await rsbuild.build();
    await result.close();
    const bundle = fs.readFileSync(path.join(out, 'sw.js'), 'utf8');
    if (!bundle.includes('self.__WB_MANIFEST')) throw new Error('the bundled service worker does not read self.__WB_MANIFEST');
    writePrecacheManifest(path.join(shellDir, 'dist'), bundle.endsWith('\n') ? bundle : `${bundle}\n`);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
