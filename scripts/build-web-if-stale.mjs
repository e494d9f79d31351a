// Builds the web app for production: `npm run build` always (--force), `npm start` and `npm test` when dist/web
// is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// WEB_DIST_DIR lets parallel checkouts of the tests build into separate folders (default dist/web).
const output = join(root, process.env.WEB_DIST_DIR ?? 'dist/web', 'index.html');

/** The newest modification time under `path` (a file or a folder). */
export function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/**
 * The environment `vite build` runs in: the caller's, but always NODE_ENV=production. Vite builds React's
 * development bundle when it inherits NODE_ENV=development (the server's documented default).
 */
export function productionBuildEnv(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

export function buildWebIfStale() {
  const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
  const stale = !existsSync(output) || Math.max(...sources.map(newest)) > statSync(output).mtimeMs;
  // A bundle an older checkout built with NODE_ENV=development is rebuilt too.
  if (stale || developmentBundleProblem()) buildWeb();
}

/** Builds the web app for production into WEB_DIST_DIR (default dist/web) and precompresses it. */
export function buildWeb() {
  console.log('Building the web app...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: productionBuildEnv(),
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The public pages as HTML (scripts/prerender.mjs), rendered by React's server renderer: no browser involved.
  const prerendered = spawnSync(process.execPath, [join(root, 'scripts/prerender.mjs'), join(root, process.env.WEB_DIST_DIR ?? 'dist/web')], { cwd: root, stdio: 'inherit' });
  if (prerendered.status !== 0) process.exit(prerendered.status ?? 1);
  precompress(join(root, process.env.WEB_DIST_DIR ?? 'dist/web'));
}

/**
 * Why the built bundle in `dir` is a development build, or undefined when it is not: React's development
 * build (its warnings and checks) must never reach users.
 */
export function developmentBundleProblem(dir = join(root, process.env.WEB_DIST_DIR ?? 'dist/web')) {
  const scripts = listFiles(dir).filter((f) => f.endsWith('.js'));
  const text = scripts.map((f) => readFileSync(f, 'utf8')).join('\n');
  if (text.includes('cannot be a child of')) return `${dir} holds React's development build (built with NODE_ENV=development?)`;
  if (!scripts.length) return `${dir} holds no scripts`;
  return undefined;
}

function listFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Writes .br and .gz beside every text asset; the server sends them to browsers that accept them. */
function precompress(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) precompress(path);
    else if (/\.(js|css|html|svg|json)$/.test(entry)) {
      const content = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--force')) buildWeb();
  else buildWebIfStale();
}
