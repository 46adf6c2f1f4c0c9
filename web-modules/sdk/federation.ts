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
 * react-router as the module src/shared/react-router.ts (its declarative browser API, re-exported from
 * the package through build-aliases.ts): the whole package would be ~53 kB of the first screen over the
 * wire (issue #28). Same share key, version and range, so a host and a remote still meet on one copy.
 */
const reactRouter = {
  ...singleton('^7.0.0'),
  import: fileURLToPath(new URL('./src/shared/react-router.ts', import.meta.url)),
  version: (require('react-router/package.json') as { version: string }).version,
};

export const sharedSingletons = {
  react: singleton('^19.0.0'),
  'react-dom': singleton('^19.0.0'),
  'react-router': reactRouter,
  '@tanstack/react-query': singleton('^5.0.0'),
  '@blueprintjs/core': singleton('^6.0.0'),
  i18next: singleton('^26.0.0'),
  'react-i18next': singleton('^17.0.0'),
  '@guiche/web-sdk': singleton(),
};
