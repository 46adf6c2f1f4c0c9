import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The request by which the shared react-router module (src/shared/react-router.ts) reads the whole package. */
export const REACT_ROUTER_PACKAGE = '@guiche/react-router-package';

/**
 * The web builds' `resolve.alias` (the shell's and every web module's):
 * - `@guiche/contracts` read from its TypeScript sources, its ESM entry, so rspack tree-shakes it like any
 *   ESM package. Chosen over the package's `development` export condition, which reached every package in
 *   node_modules that has one: socket.io-parser's is its debug build (the `debug` and `ms` packages in the
 *   first screen, issue #28).
 * - REACT_ROUTER_PACKAGE: react-router's ESM entry under a name the federation does not share, so the
 *   shared module that re-exports part of it does not consume itself.
 */
export const webBuildAliases = {
  '@guiche/contracts$': path.join(packageDir('@guiche/contracts'), 'src/index.ts'),
  [`${REACT_ROUTER_PACKAGE}$`]: path.join(packageDir('react-router'), require('react-router/package.json').exports['.'].import.default as string),
};
