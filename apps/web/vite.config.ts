import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
