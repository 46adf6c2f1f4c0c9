import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: {
    include: ['core/**/test/**/*.test.ts', 'plugins/*/test/**/*.test.ts', 'web-shell/test/**/*.test.ts', 'e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    reporters: ['default', './scripts/summary-reporter.ts'],
    globalSetup: ['core/src/testing/global-setup.ts'],
    setupFiles: ['core/src/testing/file-boundary.ts'],
    testTimeout: 60000,
    // A loaded CI machine is slow: polled expectations wait generously (they stop as soon as they pass).
    expect: { poll: { timeout: 15000, interval: 50 } },
    hookTimeout: 120000,
    pool: 'forks',
    // One worker imports core once and runs file after file (an isolated fork per file spent a third of
    // the run importing); core/src/testing/file-boundary.ts puts back what a file changes in the process.
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
  },
});
