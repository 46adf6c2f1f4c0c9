import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The web builds' `resolve.alias` (the shell's and every web module's): `@guiche/contracts` read from
 * its TypeScript sources, its ESM entry, so rspack tree-shakes it like any ESM package. Chosen over the
 * package's `development` export condition, which reached every package in node_modules that has one:
 * socket.io-parser's is its debug build (the `debug` and `ms` packages in the first screen, issue #28).
 */
export const contractsSourceAlias = {
  '@guiche/contracts$': path.join(path.dirname(require.resolve('@guiche/contracts/package.json')), 'src/index.ts'),
};
