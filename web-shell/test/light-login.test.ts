import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { opensWithLightLogin } from '../src/login/first-page.js';
import { handOver, peekHandover, settleHandover } from '../src/login/handover.js';

const src = path.resolve(import.meta.dirname, '../src');

function storage(items: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => items[key] ?? null };
}

describe('which page a load starts with (issue #28)', () => {
  it('gives a visitor without a session the light login, on /login and on any private route', () => {
    for (const route of ['/login', '/', '/tickets', '/tickets/12', '/financeiro-aberto', '/some-module/page']) {
      expect(opensWithLightLogin(route, storage({})), route).toBe(true);
    }
  });

  it('gives the whole shell to someone with a stored token, and to the other public pages', () => {
    expect(opensWithLightLogin('/login', storage({ token: 'a.b.c' }))).toBe(false);
    expect(opensWithLightLogin('/tickets', storage({ token: 'a.b.c' }))).toBe(false);
    expect(opensWithLightLogin('/signup', storage({}))).toBe(false);
    expect(opensWithLightLogin('/recovery-password/', storage({}))).toBe(false);
  });

  it('gives the whole shell when storage is missing or refuses to be read', () => {
    expect(opensWithLightLogin('/login', null)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(opensWithLightLogin('/login', refusing)).toBe(false);
  });
});

describe('the handover from the light login to the whole shell', () => {
  it('is read by its kind only, and acted on once', () => {
    const handover = { kind: 'retry' as const, values: { email: 'a@b.co', password: 'x' }, error: null };
    handOver(handover);
    expect(peekHandover('signed-in')).toBeNull();
    expect(peekHandover('retry')).toBe(handover);
    expect(peekHandover('retry')).toBe(handover);
    expect(settleHandover(handover)).toBe(true);
    expect(settleHandover(handover)).toBe(false);
    expect(peekHandover('retry')).toBeNull();
  });
});

/** The value imports of one file: static ones (what loads with it) and dynamic ones (loaded later). */
function importsOf(file: string): { staticImports: string[]; dynamicImports: string[] } {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const staticImports: string[] = [];
  const dynamicImports: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.importClause?.namedBindings;
      const onlyTypes = !node.importClause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) staticImports.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      staticImports.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) {
      dynamicImports.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { staticImports, dynamicImports };
}

function resolveLocal(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  const found = ['.ts', '.tsx', '.css'].map((ext) => (specifier.endsWith('.css') ? base : base + ext)).find((f) => fs.existsSync(f));
  if (!found) throw new Error(`cannot resolve ${specifier} from ${from}`);
  return found;
}

/** Every package the light login loads before sign-in, following its local files' static imports. */
function firstPagePackages(): { packages: Set<string>; later: Set<string> } {
  const packages = new Set<string>();
  const later = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || file.endsWith('.css')) return;
    seen.add(file);
    const { staticImports, dynamicImports } = importsOf(file);
    for (const spec of staticImports) {
      if (spec.startsWith('.')) walk(resolveLocal(file, spec));
      else packages.add(spec);
    }
    for (const spec of dynamicImports) {
      const target = spec.startsWith('.') ? resolveLocal(file, spec) : spec;
      later.add(spec.startsWith('.') ? path.relative(src, target) : spec);
      // The strings load before the form shows: they count as the first page; the shell does not.
      if (target !== path.join(src, 'shell.tsx') && spec.startsWith('.')) walk(target);
    }
  };
  walk(path.join(src, 'login/light-boot.tsx'));
  return { packages, later };
}

describe('what the light login loads', () => {
  it('is React, the CSS, three icon paths and two leaf modules of the sdk, not the libraries the shell shares with the web modules', () => {
    const { packages } = firstPagePackages();
    const allowed = [
      /^react$/,
      /^react\/jsx-runtime$/,
      /^react-dom\/client$/,
      /^@blueprintjs\/core\/lib\/css\/blueprint\.css$/,
      /^@blueprintjs\/icons\/lib\/esm\/generated\/16px\/paths\/[a-z-]+\.js$/,
      /^@guiche\/web-sdk\/(storage|languages)$/,
    ];
    const heavy = [...packages].filter((p) => !allowed.some((re) => re.test(p)));
    expect(heavy).toEqual([]);
    // The check walks the real graph: the light page does use React and Blueprint's CSS.
    expect(packages).toContain('react-dom/client');
    expect(packages).toContain('@blueprintjs/core/lib/css/blueprint.css');
  });

  it('loads the whole shell only through a dynamic import, and one language of strings', () => {
    const { later } = firstPagePackages();
    expect([...later].sort()).toEqual(['locales/en.ts', 'locales/es.ts', 'locales/pt.ts', 'locales/tr.ts', 'shell.tsx']);
  });
});
