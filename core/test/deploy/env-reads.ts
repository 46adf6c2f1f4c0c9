import fs from 'node:fs';
import path from 'node:path';

/** The repository root, from core/test/deploy. */
export const ROOT = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');

/** Read by test tooling only, never by a deployment. */
export const TEST_ONLY = new Set(['VITEST', 'E2E_SOAK_RUNS', 'E2E_SOAK_HOGS']);

/** The keys of core/src/config.ts's zod schema (the environment the kernel reads). */
export function configKeys(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'core/src/config.ts'), 'utf8');
  const body = /const configSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(text)?.[1];
  if (!body) throw new Error('configSchema not found in core/src/config.ts');
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'testing' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Variables read outside the schema: `process.env.X` (or ['X']), and `env.X` where a function takes
 * the environment as a parameter defaulting to process.env. Test helpers (testing/ folders) are left out.
 */
export function directReads(): Map<string, string[]> {
  const folders = [path.join(ROOT, 'core/src'), path.join(ROOT, 'scripts'), ...fs.readdirSync(path.join(ROOT, 'plugins')).map((p) => path.join(ROOT, 'plugins', p, 'src'))];
  const reads = new Map<string, string[]>();
  for (const file of folders.flatMap(sourceFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('process.env')) continue;
    for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) {
      const name = (m[1] ?? m[2])!;
      reads.set(name, [...(reads.get(name) ?? []), path.relative(ROOT, file)]);
    }
  }
  return reads;
}

/** Every variable a deployment may set: the schema's keys and the direct reads, without test tooling. */
export function variablesTheCodeReads(): string[] {
  return [...new Set([...configKeys(), ...directReads().keys()])].filter((name) => !TEST_ONLY.has(name)).sort();
}

/** The names in the first column of docs/deploy.md's table under "## Environment variables". */
export function documentedVariables(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8');
  const section = /^## Environment variables\n([\s\S]*?)(?=^## )/m.exec(text)?.[1];
  if (!section) throw new Error('docs/deploy.md has no "## Environment variables" section');
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!).sort();
}
