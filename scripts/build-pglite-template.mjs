// The embedded database's empty cluster, made once per PGlite version (decision 045). PGlite's initdb costs
// about 5 s and 800 MB of resident memory that the process never gives back; a server starting on a new
// DATA_DIR copies this folder instead (src/server/db/pglite-template.ts) and opens it like an existing one.
// Run by buildServerIfStale (npm start, the bench, the browser tests) when missing or made by another version.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const pgliteTemplateDir = join(root, 'dist/pglite-template');
const marker = join(root, 'dist/pglite-template.version');

function installedVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
}

export function buildPgliteTemplateIfStale() {
  const version = installedVersion();
  if (existsSync(join(pgliteTemplateDir, 'PG_VERSION')) && existsSync(marker) && readFileSync(marker, 'utf8') === version) return;
  const partial = `${pgliteTemplateDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  // In a child process: initdb's memory stays with it, not with the caller (npm start's wrapper, the bench).
  const made = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `const { PGlite } = await import('@electric-sql/pglite'); const db = new PGlite({ dataDir: ${JSON.stringify(partial)} }); await db.waitReady; await db.close();`],
    { cwd: root, stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('could not make the embedded database template');
  rmSync(pgliteTemplateDir, { recursive: true, force: true });
  renameSync(partial, pgliteTemplateDir);
  writeFileSync(marker, version);
}

if (import.meta.url === `file://${process.argv[1]}`) buildPgliteTemplateIfStale();
