// `npm start`'s server build (issue #32): every TypeScript project of the root tsconfig.json
// (contracts, migrations, core, plugins) written to its dist as JavaScript, file by file, without
// type-checking (tsc -b type-checks the whole graph first: most of a fresh clone's start). The code
// is isolatedModules-clean, so one file at a time gives what tsc emits; `npm test` still
// type-checks through `npm run check`. A file whose output is newer than its source is skipped.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

function projectsOf(root) {
  const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  return config.references.map((ref) => path.join(root, ref.path, 'tsconfig.json'));
}

function transpileProject(configFile) {
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  const { rootDir, outDir } = parsed.options;
  // Every package is "type": "module": ES modules out, as tsc's NodeNext emits for them.
  const options = { ...parsed.options, module: ts.ModuleKind.ESNext, declaration: false, declarationMap: false, composite: false, noEmit: false };
  let written = 0;
  for (const file of parsed.fileNames) {
    if (file.endsWith('.d.ts')) continue;
    const out = path.join(outDir, path.relative(rootDir, file)).replace(/\.ts$/, '.js');
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= fs.statSync(file).mtimeMs) continue;
    const result = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: options, fileName: file, reportDiagnostics: false });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const mapName = `${path.basename(out)}.map`;
    fs.writeFileSync(out, result.outputText.replace(/\/\/# sourceMappingURL=.*$/m, `//# sourceMappingURL=${mapName}`));
    if (result.sourceMapText) fs.writeFileSync(`${out}.map`, result.sourceMapText);
    written++;
  }
  return written;
}

/** Transpiles every project; answers how many files were written. */
export function transpileAll(root) {
  return projectsOf(root).reduce((sum, project) => sum + transpileProject(project), 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '..');
  const started = Date.now();
  const written = transpileAll(root);
  process.stdout.write(`transpiled ${written} server files in ${((Date.now() - started) / 1000).toFixed(1)} s (no type-check: npm run check does that)\n`);
}
