import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { splitPathsBySizeLoader } from '@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js';

async function usedIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  if (size === IconSize.LARGE) {
    // Few icons per page are drawn this large: each is a chunk of its own.
    const load = (await import(/* webpackChunkName: "icons-20" */ './paths-20.js')).loaders20[name];
    if (load) return (await load()).default;
  } else {
    // The first screen's icons first (one small chunk), the others' chunk only when one is drawn.
    const first = (await import(/* webpackChunkName: "icons-16-first" */ './paths-16-first.js')).firstScreenPaths16[name];
    if (first) return first;
    const path = (await import(/* webpackChunkName: "icons-16" */ './paths-16.js')).paths16[name];
    if (path) return path;
  }
  // A name built at run time, or a module's newer icon: Blueprint's chunk of every icon of that size.
  return splitPathsBySizeLoader(name, size);
}

/**
 * Blueprint fetches an icon's SVG paths when it first renders: by default from a chunk of all
 * ~700 icons of that size (about 110 kB gzip each, issue #28). This makes it read the ~140 icons
 * the web's sources name (scripts/icon-set.mjs): a chunk of the 16 px paths the first screen draws,
 * one of the other icons' 16 px paths, and one small chunk per icon of 20 px (drawn at 20 px and
 * more, a few per page). Call once, before the first render; Blueprint's Icons registry is
 * page-wide (its core is a federation singleton).
 */
export function loadOnlyUsedIcons(): void {
  Icons.setLoaderOptions({ loader: usedIconPaths });
}
