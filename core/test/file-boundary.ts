import { afterAll, vi } from 'vitest';

/**
 * Test files share their worker's modules (vitest `isolate: false`: core is imported once per
 * worker, not once per file). What a file changes in the process it must not hand to the next:
 * environment variables, fake timers, spies and stubs are put back when each file ends.
 */
const environmentAtStart = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
