import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The second browser build: the script of public pages (app/islands/main.ts), on Preact instead of
 * React and without React Router (docs/decisions/013-public-pages-as-islands.md). It writes into the
 * client build that `react-router build` made, and names its entry file in
 * `.vite/islands-manifest.json`, which the server reads to put the script in public pages.
 */
const app = path.resolve(import.meta.dirname, 'app');
const outDir = path.resolve(import.meta.dirname, process.env.WEB_BUILD_DIR ?? 'build', 'client');

export default defineConfig({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: path.join(app, 'islands/react-on-preact.ts') },
      { find: /^react-router$/, replacement: path.join(app, 'islands/router-links.tsx') },
      { find: /^~\//, replacement: `${app}/` },
    ],
  },
  build: {
    outDir,
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/islands-manifest.json',
    rolldownOptions: {
      input: { islands: path.join(app, 'islands/main.ts') },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        // Preact (core, hooks, compat, JSX runtime) is on every public page: one chunk, not split
        // along whichever parts happen to share which piece of it.
        codeSplitting: { groups: [{ name: 'preact', test: /node_modules[\\/]preact[\\/]/ }] },
      },
    },
  },
});
