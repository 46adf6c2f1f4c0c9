import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The requests by which the shared modules of src/shared/ read their whole packages. */
export const REACT_ROUTER_PACKAGE = '@guiche/react-router-package';
export const BLUEPRINT_CORE_PACKAGE = '@guiche/blueprint-core-package';

/**
 * The web builds' `resolve.alias` (the shell's and every web module's):
 * - `@guiche/contracts` read from its TypeScript sources, its ESM entry, so rspack tree-shakes it like any
 *   ESM package. Chosen over the package's `development` export condition, which reached every package in
 *   node_modules that has one: socket.io-parser's is its debug build (the `debug` and `ms` packages in the
 *   first screen, issue #28).
 * - REACT_ROUTER_PACKAGE, BLUEPRINT_CORE_PACKAGE: react-router's and Blueprint core's ESM entries under
 *   names the federation does not share, so the shared modules that re-export part of them
 *   (src/shared/, federation.ts) do not consume themselves.
 */
export const webBuildAliases = {
  '@guiche/contracts$': path.join(packageDir('@guiche/contracts'), 'src/index.ts'),
  [`${REACT_ROUTER_PACKAGE}$`]: path.join(packageDir('react-router'), require('react-router/package.json').exports['.'].import.default as string),
  [`${BLUEPRINT_CORE_PACKAGE}$`]: path.join(packageDir('@blueprintjs/core'), require('@blueprintjs/core/package.json').module as string),
};
