import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { splitPathsBySizeLoader } from '@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js';

async function usedIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const set =
    size === IconSize.LARGE
      ? (await import(/* webpackChunkName: "icons-20" */ './paths-20.js')).paths20
      : (await import(/* webpackChunkName: "icons-16" */ './paths-16.js')).paths16;
  // A name built at run time, or a module's newer icon: Blueprint's chunk of every icon of that size.
  return set[name] ?? splitPathsBySizeLoader(name, size);
}

/**
 * Blueprint fetches an icon's SVG paths when it first renders: by default from a chunk of all
 * ~700 icons of that size (about 110 kB gzip each, issue #28). This makes it read the ~125 icons
 * the web's sources name (scripts/icon-set.mjs), one small chunk per size. Call once, before the
 * first render; Blueprint's Icons registry is page-wide (its core is a federation singleton).
 */
export function loadOnlyUsedIcons(): void {
  Icons.setLoaderOptions({ loader: usedIconPaths });
}
