import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests of pure web helpers and loaders. Kept apart from vite.config.ts: the React Router
// plugin is for the app build, not for tests.
export default defineConfig({
  resolve: { alias: [{ find: /^~\//, replacement: `${path.resolve(import.meta.dirname, 'app')}/` }] },
  test: { include: ['app/**/*.test.{ts,tsx}'], environment: 'node' },
});
