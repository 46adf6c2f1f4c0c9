// Temporary: runs the ports tests without the root globalSetup (not written yet). Delete once
// `npx vitest run core/test/ports` works with the root config.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['core/test/ports/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 120000,
    pool: 'forks',
  },
});
