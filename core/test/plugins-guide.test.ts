import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@guiche/core/testing';

/**
 * docs/plugins.md followed verbatim (issue #30): every code block under a `<!-- file: … -->` line is
 * written where it says, the package is "installed" the way `npm install ../my-guiche-plugin` does
 * (a link in node_modules), and the kernel is started with the guide's one line of configuration.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const guide = fs.readFileSync(path.join(repo, 'docs/plugins.md'), 'utf8');

/** The guide's marked blocks: file path → content (dedented by the fence's indentation). */
function guideFiles(markdown: string): Map<string, string> {
  const files = new Map<string, string>();
  const block = /<!-- file: (\S+) -->\n([ \t]*)```[\w-]*\n([\s\S]*?)\n\2```/g;
  for (const [, file, indent, body] of markdown.matchAll(block)) {
    files.set(file, body.split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join('\n') + '\n');
  }
  return files;
}

const files = guideFiles(guide);
const root = path.join(repo, 'tmp', `guide-${randomBytes(4).toString('hex')}`);
const app = path.join(root, 'app');
const startDir = process.cwd();
let k: TestKernel;

beforeAll(async () => {
  for (const [file, content] of files) {
    const target = file === '.env' ? path.join(app, file) : path.join(root, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
  // `npm install ../my-guiche-plugin` in the app's folder: a link in its node_modules.
  const pkg = JSON.parse(files.get('my-guiche-plugin/package.json') ?? '{}') as { name: string };
  fs.mkdirSync(path.join(app, 'node_modules'), { recursive: true });
  fs.symlinkSync(path.join(root, 'my-guiche-plugin'), path.join(app, 'node_modules', pkg.name), 'dir');

  const env = Object.fromEntries(
    (files.get('.env') ?? '')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  process.chdir(app);
  // One first-party plugin stands for "the default list" (all of them would only slow the test down).
  k = await createTestKernel({ config: { PLUGINS: '@guiche/plugin-kanban', ...env } });
});

afterAll(async () => {
  await k?.close();
  process.chdir(startDir);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('docs/plugins.md, followed verbatim', () => {
  it('gives a whole package and one configuration line', () => {
    expect([...files.keys()].sort()).toEqual([
      '.env',
      'my-guiche-plugin/package.json',
      'my-guiche-plugin/src/migrations/20260101000000_create_my_notes.ts',
      'my-guiche-plugin/src/plugin.ts',
      'my-guiche-plugin/src/routes.ts',
    ]);
    expect(files.get('.env')?.trim().split('\n')).toHaveLength(1);
  });

  it('loads the plugin besides the default list and runs its migration', async () => {
    expect(k.kernel.core.plugins.map((p) => p.definition.id)).toEqual(['kanban', 'my-notes']);
    expect(await k.db('knexMigrationsMyNotes').pluck('name')).toEqual(['20260101000000_create_my_notes']);
    expect(await k.db.schema.hasTable('my_notes')).toBe(true);
  });

  it("lists the plugin's own flag in the plan dialog, and the flag gates its routes", async () => {
    const flags = await k.api('GET', '/plans/flags', { token: k.superToken });
    expect(flags.body).toContainEqual({ flag: 'useMyNotes', core: false, labels: { pt: 'Notas rápidas', en: 'Quick notes', es: 'Notas rápidas', tr: 'Hızlı notlar' } });
    const { company, admin } = await k.createCompany({ planFlags: { useMyNotes: false } });
    expect(await k.api('GET', '/my-notes', { token: admin.token })).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_DISABLED', feature: 'useMyNotes' } });
    await k.setPlanFlags(company.id, { useMyNotes: true });
    expect((await k.api('GET', '/my-notes', { token: admin.token })).body).toEqual([]);
  });

  it('answers its routes for the caller’s company only, with 400 for bad input', async () => {
    const a = await k.createCompany();
    const b = await k.createCompany();
    expect(await k.api('POST', '/my-notes', { token: a.admin.token, body: { text: '  Call Ana back  ' } })).toMatchObject({ status: 201, body: { text: 'Call Ana back' } });
    expect((await k.api('GET', '/my-notes', { token: a.admin.token })).body).toMatchObject([{ text: 'Call Ana back' }]);
    expect((await k.api('GET', '/my-notes', { token: b.admin.token })).body).toEqual([]);
    expect(await k.api('POST', '/my-notes', { token: a.admin.token, body: { text: '   ' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', issues: [{ path: ['text'] }] } });
    expect((await k.api('GET', '/my-notes')).status).toBe(401);
  });
});
