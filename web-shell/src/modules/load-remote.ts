import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { WebModuleDescriptor } from '@guiche/contracts';
import type { WebModule } from '@guiche/web-sdk';

const registered = new Map<string, string>();

function isWebModule(value: unknown): value is WebModule {
  const m = value as Partial<WebModule> | null;
  return !!m && typeof m.id === 'string' && Array.isArray(m.routes) && Array.isArray(m.menu);
}

/** Registers the remote (once per entry) and loads its './module' expose. */
export async function loadWebModule(descriptor: WebModuleDescriptor): Promise<WebModule> {
  const { remoteName, entry } = descriptor;
  if (registered.get(remoteName) !== entry) {
    // force: a remote re-registered with a new entry (new deploy) replaces the old one.
    registerRemotes([{ name: remoteName, entry }], { force: registered.has(remoteName) });
    registered.set(remoteName, entry);
  }
  const loaded = await loadRemote<{ default?: unknown }>(`${remoteName}/module`);
  const candidate = loaded && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded;
  if (!isWebModule(candidate)) throw new Error(`Remote ${remoteName} does not expose a web module`);
  return candidate;
}
