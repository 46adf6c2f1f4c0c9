import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Benchmarks written in TypeScript (they need the plugins' test fakes): run with
// `npx vitest run --config bench/vitest.config.ts`. They print figures and assert nothing about time.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: {
    include: ['bench/**/*.bench-run.ts'],
    environment: 'node',
    globalSetup: ['core/src/testing/global-setup.ts'],
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
