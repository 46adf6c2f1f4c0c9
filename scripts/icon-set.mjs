// The Blueprint icons the web uses (issue #28): every quoted icon name in the shell's and the
// modules' sources (translations aside), written as modules of the SDK that import only those
// icons' SVG paths: the 16 px paths of the first screen's icons (FIRST_SCREEN_ROOTS), the 16 px
// paths of the others, and a loader per icon of 20 px. The SDK's icon loader reads them; an icon
// missing from them still shows, from Blueprint's chunk of every icon. `node scripts/icon-set.mjs`
// rewrites them; web-shell/test/icon-set.test.ts fails while they are stale.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SKIP = new Set(['node_modules', 'dist', 'i18n', 'locales']);
const TRANSLATION_FILE = /\/(pt|en|es|tr)\.ts$/;
export const ICON_SET_DIR = 'web-modules/sdk/src/ui/icons';

/**
 * Where the first screen's code starts (the layout with its menu and top bar, the tickets page, the
 * SDK's empty, loading and error states, each web module's entry with its menu items): the icons
 * quoted in these files and in every file they import statically (import() is another chunk, later)
 * get a chunk of their own, the one a signed-in page fetches first. e2e/first-screen-chunks.test.ts
 * fails when the first screen needs the other icons' chunk.
 */
export const FIRST_SCREEN_ROOTS = [
  'web-shell/src/layout/Layout.tsx',
  'web-shell/src/menu/menu-items.ts',
  'web-shell/src/features/tickets/components/TicketsPage.tsx',
  'web-modules/sdk/src/ui/EmptyState.tsx',
  'web-modules/sdk/src/ui/LoadingState.tsx',
  'web-modules/sdk/src/ui/ErrorCard.tsx',
];

function sourceFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !TRANSLATION_FILE.test(full)) out.push(full);
  }
  return out;
}

function blueprintIconNames(root) {
  const require = createRequire(path.join(root, 'web-modules/sdk/package.json'));
  return new Set(Object.values(require('@blueprintjs/icons/lib/cjs/iconNames.js').IconNames));
}

function quotedIconNames(files, known) {
  const used = new Set();
  for (const file of files) {
    if (file.includes(ICON_SET_DIR)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/['"`]([a-z0-9-]+)['"`]/g)) {
      if (known.has(match[1])) used.add(match[1]);
    }
  }
  return [...used].sort();
}

/** Icon names quoted anywhere in the web's sources, sorted. */
export function usedIconNames(root) {
  const dirs = [path.join(root, 'web-shell/src'), ...fs.readdirSync(path.join(root, 'web-modules')).map((m) => path.join(root, 'web-modules', m, 'src'))];
  return quotedIconNames(dirs.flatMap((dir) => sourceFiles(dir)), blueprintIconNames(root));
}

/** The source file a relative import names ('./x.js' is x.ts or x.tsx; no extension, either). */
function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** The files and every file they import statically by a relative path (not `import type`, not import()). */
function staticImportClosure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [
      ...[...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+['"](\.[^'"]+)['"]/gms)].map((m) => m[1]),
      ...[...text.matchAll(/^import\s+['"](\.[^'"]+)['"]/gm)].map((m) => m[1]),
    ];
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier);
      if (target && /\.tsx?$/.test(target)) visit(target);
    }
  };
  files.forEach(visit);
  return [...seen].filter((file) => !TRANSLATION_FILE.test(file) && !file.split(path.sep).some((part) => SKIP.has(part)));
}

/** Icon names quoted in the first screen's code (FIRST_SCREEN_ROOTS and the web modules' entries), sorted. */
export function firstScreenIconNames(root) {
  const moduleEntries = fs.readdirSync(path.join(root, 'web-modules')).map((m) => path.join('web-modules', m, 'src/module.tsx'));
  const roots = [...FIRST_SCREEN_ROOTS, ...moduleEntries.filter((entry) => fs.existsSync(path.join(root, entry)))].map((file) => {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`icon-set.mjs: FIRST_SCREEN_ROOTS names ${file}, which is gone`);
    return path.join(root, file);
  });
  return quotedIconNames(staticImportClosure(roots), blueprintIconNames(root));
}

const identifier = (name) => `i_${name.replace(/-/g, '_')}`;

/**
 * The text of a module of 16 px paths, one chunk: 16 px icons are most of a page's, and a chunk per
 * icon would cost more in HTTP/1.1 response headers than the paths. `exported` names the constant.
 */
function pathsModule(names, exported, what) {
  const lines = [
    `// Generated by scripts/icon-set.mjs from the icon names the web's sources quote: do not edit.`,
    ...names.map((name) => `import ${identifier(name)} from '@blueprintjs/icons/lib/esm/generated/16px/paths/${name}.js';`),
    '',
    `/** The 16px SVG paths of ${what}. */`,
    `export const ${exported}: Record<string, string[]> = {`,
    ...names.map((name) => `  '${name}': ${identifier(name)},`),
    '};',
    '',
  ];
  return lines.join('\n');
}

/** The text of a module of one loader per icon (each import its own chunk). */
function iconLoadersModule(names, size) {
  const lines = [
    `// Generated by scripts/icon-set.mjs from the icon names the web's sources quote: do not edit.`,
    '',
    `/** A loader of the ${size}px SVG paths of each icon the web uses (one small chunk per icon). */`,
    `export const loaders${size}: Record<string, () => Promise<{ default: string[] }>> = {`,
    ...names.map((name) => `  '${name}': () => import('@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js'),`),
    '};',
    '',
  ];
  return lines.join('\n');
}

/**
 * The generated modules, by path. 20 px paths draw icons of 20 px and more (an empty state's), a few
 * per page: each icon is a chunk of its own, fetched when first drawn.
 */
export const iconSetFiles = (root) => {
  const names = usedIconNames(root);
  const first = firstScreenIconNames(root).filter((name) => names.includes(name));
  const rest = names.filter((name) => !first.includes(name));
  const file = (name) => path.join(root, ICON_SET_DIR, name);
  return {
    [file('paths-16-first.ts')]: pathsModule(first, 'firstScreenPaths16', "the icons the first screen's code names (FIRST_SCREEN_ROOTS)"),
    [file('paths-16.ts')]: pathsModule(rest, 'paths16', 'the other icons the web uses'),
    [file('paths-20.ts')]: iconLoadersModule(names, 20),
  };
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  for (const [file, text] of Object.entries(iconSetFiles(root))) fs.writeFileSync(file, text);
  process.stdout.write(`${usedIconNames(root).length} icons written to ${ICON_SET_DIR}, ${firstScreenIconNames(root).length} of them the first screen's\n`);
}
