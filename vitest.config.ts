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
    testTimeout: 30000,
    hookTimeout: 120000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
