// Builds the web app when dist/web is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// WEB_DIST_DIR lets parallel checkouts of the tests build into separate folders (default dist/web).
const output = join(root, process.env.WEB_DIST_DIR ?? 'dist/web', 'index.html');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

export function buildWebIfStale() {
  const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => join(root, p)).filter(existsSync);
  const stale = !existsSync(output) || Math.max(...sources.map(newest)) > statSync(output).mtimeMs;
  if (!stale) return;
  console.log('Building the web app...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  precompress(join(root, process.env.WEB_DIST_DIR ?? 'dist/web'));
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

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
