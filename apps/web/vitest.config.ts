import { defineConfig } from 'vitest/config';

// Unit tests of pure web helpers. Kept apart from vite.config.ts: the React Router plugin is for
// the app build, not for tests.
export default defineConfig({
  test: { include: ['app/**/*.test.{ts,tsx}'], environment: 'node' },
});
