import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { foldSmallChunks } from './scripts/fold-small-chunks.js';

const apiPort = Number(process.env.PORT ?? 5000);
const apiOrigin = `http://localhost:${apiPort}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  // React 19 in the browser, with Fast Refresh in development (decision 061). The client build folds rolldown's
  // runtime into React's chunk and the entry facade into the HTML: no script of the first load under 2 KB (078).
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [foldSmallChunks({ runtimeInto: 'react' })])],
  resolve: {
    alias: {
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
    // The server renderer's build (scripts/prerender.mjs) is a Node module: no chunk grouping there.
    rolldownOptions: isSsrBuild ? {} : {
      output: {
        codeSplitting: {
          // Everything the entry needs statically in one chunk (no waterfall of tiny shared chunks), and
          // shared chunks too small to pay for a request (≈ 2 KB compressed) inlined into their importers.
          // The route table is imported by the entry after its first task (main.tsx) yet belongs with it: one
          // request, evaluated later.
          // React (react, react-dom, scheduler) is a chunk of its own in the same round: its share of the first
          // load is measured apart (bench/web.ts), and it stays cached across releases that change only the app.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
            { name: 'app', test: /src\/web\/app\/router\.tsx$/, priority: 1 },
            // What the booking start shares with the rest of the booking flow (its calls, words, dates and prices):
            // one chunk of the signed-in first load instead of two, the calls alone being under 2 KB (decision 073).
            { name: 'booking-shared', test: /src\/web\/features\/booking\/(api|booking-dates|job|start-messages|vehicle-drafts)\.ts$|src\/shared\/(pricing|booking-job|localized)\.ts$/, priority: 1 },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
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
}));
