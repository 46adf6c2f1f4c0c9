import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 60000,
    // A loaded CI machine is slow: polled expectations wait generously (they stop as soon as they pass).
    expect: { poll: { timeout: 15000, interval: 50 } },
    hookTimeout: 120000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['core/**/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'e2e/**/*.test.ts'],
          globalSetup: ['core/src/testing/global-setup.ts'],
          // One worker imports core once and runs file after file (an isolated fork per file spent a third
          // of the run importing); core/test/file-boundary.ts puts back what a file changes in the process.
          isolate: false,
          setupFiles: ['core/test/file-boundary.ts'],
        },
      },
      {
        extends: true,
        // The web's tests (the shell's, and a web module's own beside it) are light to import and lean on module state (i18next, the sdk's caches): a
        // fresh fork each.
        test: { name: 'web', include: ['web-shell/test/**/*.test.ts', 'web-modules/*/test/**/*.test.ts'] },
      },
    ],
  },
});
