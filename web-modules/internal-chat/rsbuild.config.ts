import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

/**
 * Libraries that hold React context or page-wide state: one copy per page, the shell's.
 * Same ranges as web-shell/rsbuild.config.ts, so the host's copy always satisfies the remote.
 */
const singleton = (requiredVersion: string | false = false) => ({ singleton: true, requiredVersion, eager: false });

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'guiche_internal_chat',
      exposes: { './module': './src/module.tsx' },
      manifest: true,
      dts: false,
      shared: {
        react: singleton('^19.0.0'),
        'react-dom': singleton('^19.0.0'),
        'react-router': singleton('^7.0.0'),
        '@tanstack/react-query': singleton('^5.0.0'),
        '@blueprintjs/core': singleton('^6.0.0'),
        i18next: singleton('^26.0.0'),
        'react-i18next': singleton('^17.0.0'),
        '@guiche/web-sdk': singleton(),
      },
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
