// Bundles the server for `npm start` (decision 025): src/server/main.ts and every module of src it imports,
// compiled once into dist/server/ (ES modules, split where main.ts imports lazily), so that a start loads a
// few files instead of tsx compiling and resolving some 300 TypeScript modules. Packages stay in node_modules.
// `npm run build` always builds it; `npm start` and the browser tests when it is missing or older than src.
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { newest } from './build-web-if-stale.mjs';
import { buildPgliteTemplateIfStale } from './build-pglite-template.mjs';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'dist/server');
export const serverEntry = join(outdir, 'main.js');

/**
 * How `npm start` runs the bundle: the node flags and environment of the server process. On the embedded
 * database (no DATABASE_URL) it trades a little speed for memory (decision 045): V8 without its helper
 * threads (their malloc arenas kept ~45 MB of PGlite's WebAssembly compilation resident), a small young
 * generation (4 MB semi-spaces, not 16), two malloc arenas. On PostgreSQL it keeps V8's threads (the booking
 * load is parallel) but also caps the malloc arenas at two and the semi-spaces at 8 MB, and sizes V8's heap
 * for the 1 GB VPS it is meant for whatever machine it runs on (decision 069): with a 512 MB old generation
 * V8 lets the heap grow at most ~1.4× what was live at its last full collection, as it does by itself on a
 * 1 GB machine; on a large one it allows 4× (4 GB limit), and after 50 clients' booking load the heap held
 * 130–170 MB of garbage over ~55 MB live (`npm run bench:pg-memory`).
 */
export function serverProcess(env = process.env) {
  const embedded = !env.DATABASE_URL;
  return {
    args: ['--enable-source-maps', ...(embedded ? ['--single-threaded', '--max-semi-space-size=4'] : ['--max-semi-space-size=8', '--max-old-space-size=512']), serverEntry],
    env: { MALLOC_ARENA_MAX: '2', ...env },
  };
}

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'src/server/main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    outExtension: { '.js': '.js' },
    logLevel: 'warning',
  });
}

export async function buildServerIfStale() {
  buildPgliteTemplateIfStale();
  const sources = ['src/server', 'src/shared', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
  if (!existsSync(serverEntry) || Math.max(...sources.map(newest)) > statSync(serverEntry).mtimeMs) await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
