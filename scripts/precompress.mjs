// Brotli and gzip copies of a build's text assets (served by @fastify/static's preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

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

export function precompress(dir) {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    files++;
    bytes += body.length;
    brotli += br.length;
  }
  return { files, bytes, brotli };
}
