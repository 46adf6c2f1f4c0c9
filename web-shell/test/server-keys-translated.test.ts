import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, SupportedLanguages, translationsReady } from '@guiche/web-sdk';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every validation key the server can answer with, as written in its sources. */
function serverValidationKeys(): string[] {
  const dirs = [path.join(root, 'core/contracts/src'), path.join(root, 'core/src'), ...fs.readdirSync(path.join(root, 'plugins')).map((p) => path.join(root, 'plugins', p, 'src'))];
  const keys = new Set<string>();
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/['"`]validation\.([A-Za-z0-9]+)['"`]/g)) keys.add(match[1]);
  }
  return [...keys].sort();
}

describe('server validation messages', () => {
  // Only the active language loads by itself (issue #28); these checks read every one.
  beforeAll(async () => {
    await translationsReady();
    await i18n.loadLanguages([...SupportedLanguages]);
  });

  it('are found in the sources (the scan works)', () => {
    expect(serverValidationKeys()).toEqual(expect.arrayContaining(['tooShort', 'loginEmail', 'chatTitle']));
  });

  it.each(['pt', 'en', 'es', 'tr'])('each has a %s translation', (language) => {
    const t = i18n.getFixedT(language);
    const missing = serverValidationKeys().filter((key) => !i18n.exists(`validation.${key}`, { lng: language, fallbackLng: false }) || t(`validation.${key}`) === `validation.${key}`);
    expect(missing).toEqual([]);
  });
});
