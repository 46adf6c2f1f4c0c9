import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { sharedSingletons } from '@guiche/web-sdk/federation';
import { webBuildAliases } from '@guiche/web-sdk/build-aliases';

const kernelUrl = process.env.GUICHE_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'guiche_shell',
      // Remotes are registered at run time from GET /api/web-modules, never at build time.
      remotes: {},
      dts: false,
      shared: sharedSingletons,
      // The federation runtime's Node code paths (loading a remote with fetch + vm) left out of the
      // browser entry: this build only ever runs in a browser (issue #28).
      experiments: { optimization: { target: 'web' } },
    }),
  ],
  resolve: { alias: webBuildAliases },
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
