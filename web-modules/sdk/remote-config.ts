import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { sharedSingletons } from './federation.js';
import { webBuildAliases } from './build-aliases.js';

export interface RemoteOptions {
  /** The federation container's name, `guiche_<id>` (the shell loads it by that name). */
  name: string;
  /** The dev server's port (rsbuild dev), one per module. */
  port: number;
}

/**
 * The rsbuild configuration of a web module (a federated remote): it exposes './module' from
 * src/module.tsx, shares the shell's singletons, and reads @guiche/contracts from its sources.
 * Every remote's rsbuild.config.ts is `export default remoteConfig({ name, port })`.
 */
export function remoteConfig({ name, port }: RemoteOptions): RsbuildConfig {
  return defineConfig({
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes: { './module': './src/module.tsx' },
        manifest: true,
        dts: false,
        // One copy per page, the shell's.
        shared: sharedSingletons,
        // The federation runtime's Node code paths left out: a web module only runs in a browser.
        experiments: { optimization: { target: 'web' } },
      }),
    ],
    resolve: { alias: webBuildAliases },
    source: { entry: { index: './src/index.ts' } },
    output: {
      assetPrefix: 'auto',
      distPath: { root: 'dist' },
      cleanDistPath: true,
    },
    server: { port },
  });
}
