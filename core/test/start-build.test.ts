import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { transpileAll } from '../../scripts/transpile.mjs';
import { precompress } from '../../scripts/precompress.mjs';

// What `npm start` builds without type-checking (issue #32): the SWC transpile of every server
// project and the brotli/gzip copies written after the server starts.
const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guiche-start-build-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    else out.push(full);
  }
  return out;
}

describe("npm start's server transpile", () => {
  // Inside each package's dist (ignored by git and eslint), so packages resolve as from dist itself.
  const mirrorName = `.start-test-${process.pid}`;
  const outDirOf = (outDir: string) => path.join(outDir, mirrorName);
  const mirrors: string[] = [];
  afterAll(() => {
    for (const mirror of mirrors) fs.rmSync(mirror, { recursive: true, force: true });
  });

  it('writes every server source as JavaScript that Node loads, then skips what is fresh', () => {
    expect(transpileAll(root, (outDir) => {
      mirrors.push(outDirOf(outDir));
      return outDirOf(outDir);
    })).toBeGreaterThan(300);
    // Not the programs (bin/, testing/child-kernel): importing them starts a server.
    const isProgram = (f: string) => f.includes('/bin/') || f.includes('/testing/child-');
    const modules = mirrors.flatMap((mirror) => filesUnder(mirror)).filter((f) => f.endsWith('.js') && !isProgram(f));
    // One process importing them all: a type-only import left in, or an export lost, fails to link.
    const load = `for (const m of ${JSON.stringify(modules)}) await import(m); console.log('loaded', ${modules.length}); process.exit(0);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', load], { cwd: root, encoding: 'utf8', timeout: 280_000 });
    expect(out.trim()).toBe(`loaded ${modules.length}`);
    expect(transpileAll(root, outDirOf)).toBe(0);
  }, 300_000);

  it('keeps TypeScript semantics: parameter properties, defaults and source maps beside the files', async () => {
    const errors = path.join(root, 'core/dist', mirrorName, 'plugin-sdk/errors.js');
    const { AppError } = await import(errors);
    const error = new AppError('ERR_NOT_FOUND', 404);
    expect({ code: error.code, statusCode: error.statusCode, extra: error.extra }).toEqual({ code: 'ERR_NOT_FOUND', statusCode: 404, extra: {} });
    expect(fs.readFileSync(errors, 'utf8')).toMatch(/\/\/# sourceMappingURL=errors\.js\.map\n$/);
    const map = JSON.parse(fs.readFileSync(`${errors}.map`, 'utf8'));
    expect(path.resolve(path.dirname(errors), map.sources[0])).toBe(path.join(root, 'core/src/plugin-sdk/errors.ts'));
  });
});

describe('precompressed copies', () => {
  it('writes brotli and gzip copies of text assets once, leaving small and binary files alone', () => {
    const dist = path.join(scratch, 'dist');
    fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
    const body = `console.log(${JSON.stringify('Guichê '.repeat(400))});`;
    fs.writeFileSync(path.join(dist, 'static/app.js'), body);
    fs.writeFileSync(path.join(dist, 'tiny.js'), 'var x');
    fs.writeFileSync(path.join(dist, 'logo.png'), Buffer.alloc(4096, 7));

    expect(precompress(dist).files).toBe(1);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'static/app.js.br'))).toString()).toBe(body);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'static/app.js.gz'))).toString()).toBe(body);
    expect(filesUnder(dist).map((f) => path.relative(dist, f)).sort()).toEqual(['logo.png', 'static/app.js', 'static/app.js.br', 'static/app.js.gz', 'tiny.js']);
    expect(precompress(dist).files).toBe(0);

    const later = `${body}//`;
    fs.writeFileSync(path.join(dist, 'static/app.js'), later);
    fs.utimesSync(path.join(dist, 'static/app.js'), new Date(), new Date(Date.now() + 5000));
    expect(precompress(dist).files).toBe(1);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'static/app.js.br'))).toString()).toBe(later);
  });
});
