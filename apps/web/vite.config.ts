import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router 7 publishes a production build (dist/production) but its package exports always
 * point at the development one, which keeps its development warnings in the browser bundle. The
 * browser build takes the production files instead; the server keeps what Node resolves, so that
 * @react-router/node and the rendered app share one copy.
 */
function reactRouterProductionInBrowser(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
  const files: Record<string, string> = {
    'react-router': path.join(dist, 'production/index.mjs'),
    'react-router/dom': path.join(dist, 'production/dom-export.mjs'),
  };
  return {
    name: 'react-router-production-in-browser',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id) {
      return files[id];
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionInBrowser(), tailwindcss(), reactRouter()],
  // tsconfig.json's `~/*` paths: the build's resolver reads them, the development server's does not.
  resolve: { alias: [{ find: /^~\//, replacement: `${path.resolve(import.meta.dirname, 'app')}/` }] },
  optimizeDeps: { include: ['zod'] },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // One framework chunk (React, React DOM, React Router) instead of several small ones: every
        // page needs all of it, and one file compresses better and costs one request.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
