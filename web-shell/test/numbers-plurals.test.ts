import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, i18n, SupportedLanguages, translationsReady } from '@guiche/web-sdk';
import { NS as DASHBOARD_NS } from '../src/features/dashboard/i18n/register.js';
import { NS as REPORTS_NS } from '../src/features/reports/i18n/register.js';
import { NS as ANNOUNCEMENTS_NS } from '../src/features/announcements/i18n/register.js';

/**
 * Issue #32: "1 atendimentos", "6.4 min" and "Media" in the Portuguese UI. Counts go through
 * i18next's plural rules, decimals through Intl.NumberFormat in the interface language.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const LANGS = ['pt', 'en', 'es', 'tr'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Counts that are never one: "e mais {{count}}" (at least two more), "Mais de {{count}} tickets" (the page size). */
const NEVER_ONE = new Set(['more', 'closeAll.textMore']);

function localeFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (entry.isDirectory()) localeFiles(path.join(dir, entry.name), out);
  }
  if (LANGS.every((lang) => fs.existsSync(path.join(dir, `${lang}.ts`)))) for (const lang of LANGS) out.push(path.join(dir, `${lang}.ts`));
  return out;
}

function leaves(tree: object, prefix = '', out: [string, string][] = []): [string, string][] {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.push([key, v]);
    else if (v && typeof v === 'object') leaves(v as object, key, out);
  }
  return out;
}

describe('numbers and counts in the interface language', () => {
  beforeAll(async () => {
    await translationsReady([DASHBOARD_NS, REPORTS_NS, ANNOUNCEMENTS_NS]);
    await i18n.loadLanguages([...SupportedLanguages]);
  });

  it('formats decimals the way each language writes them (pt-BR comma)', async () => {
    const seen: Record<string, string> = {};
    for (const language of LANGS) {
      await i18n.changeLanguage(language);
      seen[language] = i18n.t(`${DASHBOARD_NS}:cards.minutes`, { value: formatNumber(6.4) });
    }
    await i18n.changeLanguage('pt');
    expect(seen).toEqual({ pt: '6,4 min', en: '6.4 min', es: '6,4 min', tr: '6,4 dk' });
    expect(formatNumber(1234.56)).toBe('1.234,6');
    expect(formatNumber(4.25, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4,3');
  });

  it('says one and many with the plural rules', async () => {
    const t = i18n.getFixedT('pt');
    expect(t(`${DASHBOARD_NS}:attendants.featuredTickets`, { count: 1 })).toBe('1 atendimento concluído');
    expect(t(`${DASHBOARD_NS}:attendants.featuredTickets`, { count: 6 })).toBe('6 atendimentos concluídos');
    expect(t(`${REPORTS_NS}:pagination.total`, { count: 1 })).toBe('1 atendimento');
    expect(i18n.getFixedT('en')(`${REPORTS_NS}:pagination.total`, { count: 1 })).toBe('1 ticket');
    expect(i18n.getFixedT('es')(`${DASHBOARD_NS}:attendants.featuredTickets`, { count: 1 })).toBe('1 atención concluida');
    expect(t(`${ANNOUNCEMENTS_NS}:priority.2`)).toBe('Média');
  });

  it('gives every "{{count}} <word>" text its plural forms, in every folder and language', async () => {
    const files = [...localeFiles(path.join(repo, 'web-shell/src')), ...localeFiles(path.join(repo, 'web-modules'))];
    expect(files.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const file of files) {
      const lang = path.basename(file, '.ts');
      const mod = (await import(pathToFileURL(file).href)) as Record<string, object>;
      for (const [key, text] of leaves(mod[lang] ?? mod.default ?? {})) {
        if (/\{\{\s*count\s*\}\}\s+\p{L}/u.test(text) && !PLURAL.test(key) && !NEVER_ONE.has(key)) missing.push(`${path.relative(repo, file)} ${key}: ${text}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
