import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file gets its own database; two workers fit this machine's two cores.
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next (each file still builds its
    // own app and database): loading the server's modules again for every file was most of the
    // suite's import time (docs/benchmarks.md#test-suite-time).
    isolate: false,
    setupFiles: ['test/each-file.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
