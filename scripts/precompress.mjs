// Brotli and gzip copies of a build's text assets (served by @fastify/static's preCompressed).
// `npm run build:web` writes them right after each build. `npm start` builds without them and runs
// this file at the lowest CPU priority once the server is starting (issue #32: brotli at quality 10
// over every build was a third of a fresh clone's first start); until a copy exists the server
// compresses that asset on the fly (core/src/http/compression.ts). Each copy is written under a
// temporary name and renamed, so a server reading the folder never sends half a file; an asset
// whose copies are newer than itself is skipped.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { webTargets } from './web-sources.mjs';

const TEXT = /\.(js|mjs|css|html|json|svg|txt)$/;
/** Below this, compression saves less than the headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function isFresh(copy, mtimeMs) {
  return fs.existsSync(copy) && fs.statSync(copy).mtimeMs >= mtimeMs;
}

function writeAtomically(file, body) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, body);
  fs.renameSync(temporary, file);
}

export function precompress(dir) {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const { size, mtimeMs } = fs.statSync(file);
    if (size < MIN_BYTES || (isFresh(`${file}.br`, mtimeMs) && isFresh(`${file}.gz`, mtimeMs))) continue;
    const body = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    writeAtomically(`${file}.br`, br);
    writeAtomically(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    files++;
    bytes += body.length;
    brotli += br.length;
  }
  return { files, bytes, brotli };
}

/** Every built web target's dist; answers the totals. */
export function precompressAll(root) {
  const total = { files: 0, bytes: 0, brotli: 0 };
  for (const target of webTargets(root)) {
    const dist = path.join(root, target, 'dist');
    if (!fs.existsSync(dist)) continue;
    const { files, bytes, brotli } = precompress(dist);
    total.files += files;
    total.bytes += bytes;
    total.brotli += brotli;
  }
  return total;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '..');
  const started = Date.now();
  const { files, bytes, brotli } = precompressAll(root);
  if (files) process.stdout.write(`web: ${files} assets precompressed in ${((Date.now() - started) / 1000).toFixed(1)} s, ${Math.round(bytes / 1024)} kB → ${Math.round(brotli / 1024)} kB brotli\n`);
}
