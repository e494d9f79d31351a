// Bundles the server for `npm start` (decision 025): src/server/main.ts and every module of src it imports,
// compiled once into dist/server/ (ES modules, split where main.ts imports lazily), so that a start loads a
// few files instead of tsx compiling and resolving some 300 TypeScript modules. Packages stay in node_modules.
// `npm run build` always builds it; `npm start` and the browser tests when it is missing or older than src.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
    args: [...(embedded ? ['--single-threaded', '--max-semi-space-size=4'] : ['--max-semi-space-size=8', '--max-old-space-size=512']), serverEntry],
    env: { MALLOC_ARENA_MAX: '2', ...env },
  };
}

/**
 * The packages the server bundle leaves in node_modules: PGlite (its WebAssembly and data files beside its
 * module), @node-rs/argon2 (native), @fastify/swagger and @fastify/swagger-ui (their package.json and
 * swagger-ui's static files, found from __dirname), @fastify/cookie (it import()s the CommonJS `cookie`, which
 * a split bundle hands over as a default export only: see bundleProblem), and what loads only on demand (S3
 * uploads, SMTP mail).
 */
export const SERVER_EXTERNAL = ['@electric-sql/pglite', '@node-rs/argon2', '@fastify/swagger', '@fastify/swagger-ui', '@fastify/cookie', '@aws-sdk/client-s3', 'nodemailer'];

/**
 * Why a bundle file would break at run time, or undefined. A package that import()s a CommonJS module gets,
 * from a split bundle, a chunk exporting only `default` where Node would also give the named exports
 * (@fastify/cookie's `cookieModule.stringifySetCookie is not a function` on every Set-Cookie): such a package
 * goes in SERVER_EXTERNAL.
 */
export function bundleProblem(name, text) {
  const module = /^export default (require_\w+)\(\);$/m.exec(text);
  return module ? `${name} hands a dynamically imported CommonJS module (${module[1]}) over as a default export only: keep the package that imports it external (SERVER_EXTERNAL)` : undefined;
}

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  // Imported here: npm start loads this module on every start, and builds only when the bundle is stale.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'src/server/main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The packages are bundled too (decision 075): Node's loader read, resolved and (for CommonJS imported
    // from ES modules) lexed about 1,200 files of node_modules one by one at every start. Left outside: what
    // finds files next to its own module or is native, and what only loads on demand.
    external: SERVER_EXTERNAL,
    // Bundled CommonJS calls require() for Node's modules and for what stays in node_modules: the bundle's own.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    // Stack traces are mapped through these when printed (src/server/bundle-stacks.ts); the sources
    // themselves are in the repository.
    sourcemap: true,
    sourcesContent: false,
    outExtension: { '.js': '.js' },
    logLevel: 'warning',
  });
  for (const name of readdirSync(outdir).filter((file) => file.endsWith('.js'))) {
    const problem = bundleProblem(name, readFileSync(join(outdir, name), 'utf8'));
    if (problem) throw new Error(problem);
  }
}

export async function buildServerIfStale() {
  buildPgliteTemplateIfStale();
  const sources = ['src/server', 'src/shared', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
  if (!existsSync(serverEntry) || Math.max(...sources.map(newest)) > statSync(serverEntry).mtimeMs) await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
