import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.PORT ?? 5000);
const apiOrigin = `http://localhost:${apiPort}`;

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
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
