// Bundles the server for `npm start` (decision 025): src/server/main.ts and every module of src it imports,
// compiled once into dist/server/ (ES modules, split where main.ts imports lazily), so that a start loads a
// few files instead of tsx compiling and resolving some 300 TypeScript modules. Packages stay in node_modules.
// `npm run build` always builds it; `npm start` and the browser tests when it is missing or older than src.
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { newest } from './build-web-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'dist/server');
export const serverEntry = join(outdir, 'main.js');

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
  const sources = ['src/server', 'src/shared', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
  if (!existsSync(serverEntry) || Math.max(...sources.map(newest)) > statSync(serverEntry).mtimeMs) await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
