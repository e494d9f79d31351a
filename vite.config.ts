import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.PORT ?? 5000);
const apiOrigin = `http://localhost:${apiPort}`;

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  // Preact has no React Fast Refresh: an edit in development reloads the page instead (decision 019).
  plugins: [react({ refreshExclude: /./ }), tailwindcss()],
  resolve: {
    // Preact in place of React in the browser (decision 019): the same components, a tenth of react-dom.
    alias: {
      react: 'preact/compat',
      'react-dom/test-utils': 'preact/test-utils',
      'react-dom/client': 'preact/compat/client',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
      'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL(`./${process.env.WEB_DIST_DIR ?? 'dist/web'}`, import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // scripts/prerender.mjs reads it to preload the booking start for a signed-in `/`.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs statically in one chunk (no waterfall of tiny shared chunks), and
          // shared chunks too small to pay for a request (≈ 2 KB compressed) inlined into their importers.
          // The route table is imported by the entry after its first task (main.tsx) yet belongs with it: one
          // request, evaluated later.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'app', test: /src\/web\/app\/router\.tsx$/ },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
      onwarn(warning, warn) {
        // TanStack Router reads React 19's `use` and falls back when it is missing (Preact has none).
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`use`')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The API refuses state changes from other origins, so the dev proxy presents the API's own origin.
      '/api': { target: apiOrigin, headers: { origin: apiOrigin } },
      '/dev': { target: apiOrigin },
      '/ws': { target: apiOrigin.replace('http', 'ws'), ws: true },
    },
  },
});
