import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

// Libraries that hold React context or page-wide state: the shell and every remote must share one copy.
const singleton = (requiredVersion: string | false = false) => ({ singleton: true, requiredVersion, eager: false });

const kernelUrl = process.env.GUICHE_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'guiche_shell',
      // Remotes are registered at run time from GET /api/web-modules, never at build time.
      remotes: {},
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
  resolve: { conditionNames: ['development', '...'] },
  source: { entry: { index: './src/index.ts' } },
  html: { title: 'Guichê', template: './src/index.html' },
  output: {
    distPath: { root: 'dist' },
    assetPrefix: '/',
    filenameHash: true,
    cleanDistPath: true,
  },
  // `rsbuild dev` / `rsbuild preview` in front of a running kernel (GUICHE_URL, default :8080).
  server: {
    port: 3001,
    proxy: {
      '/api': kernelUrl,
      '/socket.io': { target: kernelUrl, ws: true },
      '/modules': kernelUrl,
      '/public': kernelUrl,
    },
  },
});
