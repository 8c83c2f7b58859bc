import { afterAll, vi } from 'vitest';

/*
 * Test files share a worker one after another (`isolate: false`): a file that fakes the clock or
 * stubs the environment must not hand that to the next one.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
