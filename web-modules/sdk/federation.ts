/**
 * The module-federation `shared` map of the shell and of every web module (build time only:
 * imported by their rsbuild.config.ts as '@guiche/web-sdk/federation').
 *
 * Libraries that hold React context or page-wide state must exist once per page, the shell's:
 * every one is a singleton, with the same ranges in the host and the remotes, so the host's copy
 * always satisfies a remote.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const singleton = (requiredVersion: string | false = false) => ({ singleton: true, requiredVersion, eager: false });

/**
 * A package shared as a module of src/shared/ that re-exports part of it (through build-aliases.ts):
 * a shared singleton is bundled whole, and the whole of react-router and Blueprint core was ~125 kB of
 * the first screen over the wire (issue #28). Same share key, version and range as the package, so a
 * host and a remote still meet on one copy.
 */
const sharedPart = (pkg: string, requiredVersion: string, file: string) => ({
  ...singleton(requiredVersion),
  import: fileURLToPath(new URL(`./src/shared/${file}`, import.meta.url)),
  version: (require(`${pkg}/package.json`) as { version: string }).version,
});

export const sharedSingletons = {
  react: singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-router': sharedPart('react-router', '^7.0.0', 'react-router.ts'),
  '@tanstack/react-query': singleton('^5.0.0'),
  '@blueprintjs/core': sharedPart('@blueprintjs/core', '^6.0.0', 'blueprint-core.ts'),
  i18next: singleton('^26.0.0'),
  'react-i18next': singleton('^17.0.0'),
  '@guiche/web-sdk': singleton(),
};
