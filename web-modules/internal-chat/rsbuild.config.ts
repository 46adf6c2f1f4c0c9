import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { sharedSingletons } from '@guiche/web-sdk/federation';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'guiche_internal_chat',
      exposes: { './module': './src/module.tsx' },
      manifest: true,
      dts: false,
      // One copy per page, the shell's.
      shared: sharedSingletons,
    }),
  ],
  // @guiche/contracts is read from its TypeScript sources, like the shell does.
  resolve: { conditionNames: ['development', '...'] },
  source: { entry: { index: './src/index.ts' } },
  output: {
    assetPrefix: 'auto',
    distPath: { root: 'dist' },
    cleanDistPath: true,
  },
  server: { port: 3011 },
});
