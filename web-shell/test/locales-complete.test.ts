import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every folder of translations in the web (shell, features, SDK, remotes) gives en, es and tr the
 * same keys and {{placeholders}} as pt, so no screen shows a raw key or drops a value in any language.
 * Plural forms differ per language (i18next suffixes), so keys are compared without them.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LANGS = ['pt', 'en', 'es', 'tr'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function localeFolders(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) localeFolders(full, out);
  }
  if (LANGS.every((lang) => fs.existsSync(path.join(dir, `${lang}.ts`)))) out.push(dir);
  return out;
}

function leaves(tree: object, prefix = '', out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') {
      const base = key.replace(PLURAL, '');
      const names = out.get(base) ?? new Set<string>();
      for (const m of v.matchAll(/{{\s*(\w+)/g)) names.add(m[1]!);
      out.set(base, names);
    } else if (v && typeof v === 'object') leaves(v as object, key, out);
  }
  return out;
}

const asObject = (map: Map<string, Set<string>>) => Object.fromEntries([...map].map(([k, v]) => [k, [...v].sort().join(',')]).sort());

const folders = [...localeFolders(path.join(repo, 'web-shell/src')), ...localeFolders(path.join(repo, 'web-modules'))];

describe('translations of every web folder', () => {
  it('finds the locale folders (the scan works)', () => {
    expect(folders.length).toBeGreaterThanOrEqual(12);
  });

  it.each(folders.map((dir) => [path.relative(repo, dir), dir]))('%s: en, es and tr have the keys and placeholders of pt', async (_name, dir) => {
    const trees: Record<string, object> = {};
    for (const lang of LANGS) {
      const mod = (await import(pathToFileURL(path.join(dir, `${lang}.ts`)).href)) as Record<string, object>;
      const tree = mod[lang] ?? mod.default;
      expect(tree, `${dir}/${lang}.ts exports ${lang}`).toBeTruthy();
      trees[lang] = tree!;
    }
    const reference = asObject(leaves(trees.pt!));
    for (const lang of ['en', 'es', 'tr']) expect(asObject(leaves(trees[lang]!)), lang).toEqual(reference);
  });
});
