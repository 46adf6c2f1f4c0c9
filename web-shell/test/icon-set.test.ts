import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script, without types
import { firstScreenIconNames, iconSetFiles, usedIconNames } from '../../scripts/icon-set.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The SDK's icon loader reads only the icons the web names (issue #28); these modules list them.
 * A stale list still shows every icon (from Blueprint's chunk of all of them) but makes the first
 * page fetch that chunk: `node scripts/icon-set.mjs` rewrites them.
 */
describe('the icon set the first page loads', () => {
  it('finds the icons the shell quotes (the scan works)', () => {
    expect(usedIconNames(root)).toEqual(expect.arrayContaining(['menu', 'refresh', 'log-out', 'search']));
  });

  it("finds the first screen's icons through its static imports (the top bar's menu, the layout's feature popovers, the list's filter)", () => {
    const first = firstScreenIconNames(root) as string[];
    expect(first).toEqual(expect.arrayContaining(['menu', 'feed', 'stopwatch', 'filter', 'inbox']));
    // The contacts page (its merge button) loads with import(): not the first screen's icons.
    expect(first).not.toContain('git-merge');
    expect(usedIconNames(root)).toEqual(expect.arrayContaining(first));
  });

  it('holds every icon the sources name, in both sizes: run `node scripts/icon-set.mjs` when this fails', () => {
    for (const [file, text] of Object.entries(iconSetFiles(root) as Record<string, string>)) {
      expect(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', path.relative(root, file)).toBe(text);
    }
  });
});
