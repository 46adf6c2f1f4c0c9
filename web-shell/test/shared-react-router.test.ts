import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SHARED_ROUTER = path.join(root, 'web-modules/sdk/src/shared/react-router.ts');

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const moduleName = (node: ts.ImportDeclaration | ts.ExportDeclaration) =>
  node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;

/** The values a file reads from 'react-router' (type-only imports aside: types come from the package itself). */
function routerValueImports(file: string): { names: string[]; wholeModule: boolean } {
  const names: string[] = [];
  let wholeModule = false;
  for (const statement of parse(file).statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!(isImport || ts.isExportDeclaration(statement)) || moduleName(statement) !== 'react-router') continue;
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

function sharedRouterExports(): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(SHARED_ROUTER).statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const el of statement.exportClause.elements) names.add(el.name.text);
    }
  }
  return names;
}

/**
 * The shell shares react-router with the web modules as web-modules/sdk/src/shared/react-router.ts, a
 * part of the package (issue #28): a web module that imported a name missing from it would read
 * undefined at run time, in the browser only. Every value the web's sources take from 'react-router'
 * must be there.
 */
describe("the shared react-router (federation.ts)", () => {
  const files = [...sourceFiles(path.join(root, 'web-shell/src')), ...fs.readdirSync(path.join(root, 'web-modules')).flatMap((m) => sourceFiles(path.join(root, 'web-modules', m, 'src')))];

  it('reads the imports (the scan works)', () => {
    const used = new Set(files.flatMap((file) => routerValueImports(file).names));
    expect([...used]).toEqual(expect.arrayContaining(['useNavigate', 'Link', 'BrowserRouter', 'Routes']));
  });

  it("exports every value the shell's and the web modules' sources import from 'react-router'", () => {
    const shared = sharedRouterExports();
    const missing: string[] = [];
    for (const file of files) {
      const { names, wholeModule } = routerValueImports(file);
      if (wholeModule) missing.push(`${path.relative(root, file)}: a default, namespace or export-all import of react-router`);
      for (const name of names) if (!shared.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
    }
    expect(missing, 'add the names to web-modules/sdk/src/shared/react-router.ts').toEqual([]);
  });

  it('re-exports only what react-router exports', async () => {
    const router = (await import('react-router')) as Record<string, unknown>;
    for (const name of sharedRouterExports()) expect(router[name], name).toBeDefined();
  });
});
