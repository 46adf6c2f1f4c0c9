import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { PLAN_FLAG_PATTERN, isCorePlanFlag } from '@guiche/contracts';
import type { PluginDefinition } from '../plugin-sdk/types.js';

export interface LoadedPlugin {
  definition: PluginDefinition;
  /** Package name it came from, if known. */
  packageName: string | null;
  /** Folder of the plugin's entry module (src/ under vitest, dist/ when built). */
  entryDir: string | null;
}

export type PluginSpec = string | PluginDefinition;

const names = (list: string | undefined): string[] => (list ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** The packages to load: PLUGINS (or the first-party list when unset) and then EXTRA_PLUGINS, each once. */
export function pluginSpecs(config: { PLUGINS?: string; EXTRA_PLUGINS?: string }, firstParty: readonly string[]): string[] {
  const base = config.PLUGINS ? names(config.PLUGINS) : [...firstParty];
  return [...new Set([...base, ...names(config.EXTRA_PLUGINS)])];
}

/** Finds a workspace or installed package's folder by walking up node_modules from cwd. */
function findPackageDir(name: string, from = process.cwd()): string | null {
  let dir = path.resolve(from);
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return fs.realpathSync(path.dirname(candidate));
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The entry file the runtime loads: the `development` condition under vitest, else `default`. */
function entryFileOf(packageDir: string): string | null {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const root = pkg.exports?.['.'] ?? pkg.exports ?? pkg.main;
  const target = typeof root === 'string' ? root : process.env.VITEST && root?.development ? root.development : (root?.default ?? root?.import);
  return target ? path.resolve(packageDir, target) : null;
}

function isPluginDefinition(value: unknown): value is PluginDefinition {
  const v = value as PluginDefinition | undefined;
  return (
    !!v &&
    typeof v.id === 'string' &&
    /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v.id) &&
    typeof v.register === 'function' &&
    (v.kind === 'module' || v.kind === 'channel') &&
    (v.planFlag == null || (typeof v.planFlag === 'string' && (isCorePlanFlag(v.planFlag) || PLAN_FLAG_PATTERN.test(v.planFlag))))
  );
}

function locate(name: string): { packageName: string; entry: string | null; entryDir: string | null } | null {
  const dir = findPackageDir(name);
  if (!dir) return null;
  const entry = entryFileOf(dir);
  return { packageName: name, entry, entryDir: entry ? path.dirname(entry) : null };
}

/**
 * Loads plugins; one that fails to import or is malformed is logged and skipped, so the kernel
 * still boots. A definition object (tests) is matched to its package `@guiche/plugin-<id>` to find
 * its migrations folder.
 */
export async function loadPlugins(specs: PluginSpec[], log: FastifyBaseLogger): Promise<LoadedPlugin[]> {
  const loaded: LoadedPlugin[] = [];
  for (const spec of specs) {
    const label = typeof spec === 'string' ? spec : String((spec as PluginDefinition)?.id);
    try {
      let definition: unknown = spec;
      let where = null as ReturnType<typeof locate>;
      if (typeof spec === 'string') {
        where = locate(spec);
        const target = where?.entry && process.env.VITEST ? pathToFileURL(where.entry).href : spec;
        definition = ((await import(target)) as { default?: unknown }).default;
      } else if (isPluginDefinition(spec)) {
        where = locate(`@guiche/plugin-${spec.id}`);
      }
      if (!isPluginDefinition(definition)) throw new Error('default export is not a definePlugin({ id, kind, planFlag, register }) object (a plugin\'s own flag is use + PascalCase)');
      const id = definition.id;
      if (loaded.some((p) => p.definition.id === id)) throw new Error(`duplicate plugin id ${id}`);
      loaded.push({ definition, packageName: where?.packageName ?? null, entryDir: where?.entryDir ?? null });
    } catch (err) {
      log.error({ err, plugin: label }, 'plugin skipped: failed to load');
    }
  }
  return loaded;
}

export function migrationsDirOf(plugin: LoadedPlugin): string | null {
  const folder = plugin.definition.migrations;
  if (!folder) return null;
  if (path.isAbsolute(folder)) return folder;
  return plugin.entryDir ? path.join(plugin.entryDir, folder) : null;
}
