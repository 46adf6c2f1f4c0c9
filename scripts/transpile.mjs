// `npm start`'s server build (issue #32): every TypeScript project of the root tsconfig.json
// (contracts, migrations, core, plugins) written to its dist as JavaScript, file by file, without
// type-checking (tsc -b type-checks the whole graph first: most of a fresh clone's start). The code
// is isolatedModules-clean, so one file at a time is enough; the transform is SWC's, the native one
// rspack already ships (rsbuild's `rspack.experiments.swc`), several times faster than `ts.transpileModule`.
// `npm test` still type-checks (and builds with tsc) through `npm run check`. A file whose output is
// newer than its source is skipped.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rsbuild/core';
import ts from 'typescript';

function projectsOf(root) {
  const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  return config.references.map((ref) => path.join(root, ref.path, 'tsconfig.json'));
}

function parseProject(configFile) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
  return ts.getParsedCommandLineOfConfigFile(configFile, {}, host);
}

/** What tsc emits for tsconfig.base.json (ES2022, class fields defined, ES modules: every package is "type": "module"). */
const SWC_OPTIONS = {
  swcrc: false,
  configFile: false,
  sourceMaps: true,
  isModule: true,
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022', transform: { useDefineForClassFields: true } },
  module: { type: 'es6' },
};

/** Transpiles one source to `out` (with its source map). */
export function transpileFile(file, out) {
  const result = rspack.experiments.swc.transformSync(fs.readFileSync(file, 'utf8'), { ...SWC_OPTIONS, filename: file });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const mapName = `${path.basename(out)}.map`;
  fs.writeFileSync(out, `${result.code}\n//# sourceMappingURL=${mapName}\n`);
  // As tsc writes it: the source named relative to the map, not copied into it.
  const map = { ...JSON.parse(result.map), sources: [path.relative(path.dirname(out), file)] };
  delete map.sourcesContent;
  fs.writeFileSync(`${out}.map`, JSON.stringify(map));
}

function transpileProject(configFile, outDirOf) {
  const { options, fileNames } = parseProject(configFile);
  const outDir = outDirOf(options.outDir);
  let written = 0;
  for (const file of fileNames) {
    if (file.endsWith('.d.ts')) continue;
    const out = path.join(outDir, path.relative(options.rootDir, file)).replace(/\.ts$/, '.js');
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= fs.statSync(file).mtimeMs) continue;
    transpileFile(file, out);
    written++;
  }
  return written;
}

/**
 * Transpiles every project into its outDir (or, with `outDirOf`, where that maps it: the tests write
 * elsewhere); answers how many files were written.
 */
export function transpileAll(root, outDirOf = (outDir) => outDir) {
  return projectsOf(root).reduce((sum, project) => sum + transpileProject(project, outDirOf), 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '..');
  const started = Date.now();
  const written = transpileAll(root);
  process.stdout.write(`transpiled ${written} server files in ${((Date.now() - started) / 1000).toFixed(1)} s (no type-check: npm run check does that)\n`);
}
