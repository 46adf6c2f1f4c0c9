import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const shared = (file: string) => path.join(root, 'web-modules/sdk/src/shared', file);

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(tsx?|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const moduleName = (node: ts.ImportDeclaration | ts.ExportDeclaration) =>
  node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;

/** The values a file reads from `pkg` (type-only imports aside: types come from the package itself). */
function valueImports(file: string, pkg: string): { names: string[]; wholeModule: boolean } {
  const names: string[] = [];
  let wholeModule = false;
  for (const statement of parse(file).statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!(isImport || ts.isExportDeclaration(statement)) || moduleName(statement) !== pkg) continue;
    if (isImport) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) wholeModule = true;
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) wholeModule = true;
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
    } else if (!statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (!clause || !ts.isNamedExports(clause)) wholeModule = true;
      else for (const el of clause.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
    }
  }
  return { names, wholeModule };
}

function sharedExports(file: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(file).statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const el of statement.exportClause.elements) names.add(el.name.text);
    }
  }
  return names;
}

const webSources = [
  ...sourceFiles(path.join(root, 'web-shell/src')),
  ...fs.readdirSync(path.join(root, 'web-modules')).flatMap((m) => sourceFiles(path.join(root, 'web-modules', m, 'src'))),
];
/** Blueprint's other packages, bundled beside the shell and the modules, import core too (their ESM builds). */
const blueprintPackages = fs
  .readdirSync(path.join(root, 'node_modules/@blueprintjs'))
  .filter((name) => name !== 'core')
  .flatMap((name) => sourceFiles(path.join(root, 'node_modules/@blueprintjs', name, 'lib/esm')));

/**
 * The shell shares react-router and Blueprint core with the web modules as modules of
 * web-modules/sdk/src/shared/ holding a part of each package (issue #28): a web module that imported a
 * name missing from them would read undefined at run time, in the browser only. Every value the web's
 * sources (and, for Blueprint core, Blueprint's other packages) take from the package must be there.
 */
describe.each([
  { pkg: 'react-router', file: 'react-router.ts', sources: webSources, sample: ['useNavigate', 'Link', 'BrowserRouter', 'Routes'] },
  { pkg: '@blueprintjs/core', file: 'blueprint-core.ts', sources: [...webSources, ...blueprintPackages], sample: ['Button', 'Dialog', 'OverlayToaster', 'AbstractPureComponent'] },
])('the shared $pkg (federation.ts)', ({ pkg, file, sources, sample }) => {
  it('reads the imports (the scan works)', () => {
    const used = new Set(sources.flatMap((source) => valueImports(source, pkg).names));
    expect([...used]).toEqual(expect.arrayContaining(sample));
  });

  it(`exports every value the sources import from '${pkg}'`, () => {
    const names = sharedExports(shared(file));
    const missing: string[] = [];
    for (const source of sources) {
      const { names: imported, wholeModule } = valueImports(source, pkg);
      if (wholeModule) missing.push(`${path.relative(root, source)}: a default, namespace or export-all import of ${pkg}`);
      for (const name of imported) if (!names.has(name)) missing.push(`${path.relative(root, source)}: ${name}`);
    }
    expect(missing, `add the names to web-modules/sdk/src/shared/${file}`).toEqual([]);
  });

  it(`re-exports only what ${pkg} exports`, async () => {
    const whole = (await import(pkg)) as Record<string, unknown>;
    for (const name of sharedExports(shared(file))) expect(whole[name], name).toBeDefined();
  });
});
