// The embedded database's starting point: an initdb'd cluster with this version's migrations applied, made
// once per PGlite version and set of migrations (decision 045). PGlite's initdb costs about 5 s and 800 MB of
// resident memory that the process never gives back, the migrations about 2 s of CPU; a server starting on a
// new DATA_DIR copies this folder instead (src/server/db/pglite-template.ts) and opens it like an existing one.
// Run by buildServerIfStale (npm start, the bench, the browser tests) when missing or made for other inputs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const pgliteTemplateDir = join(root, 'dist/pglite-template');
const marker = join(root, 'dist/pglite-template.version');

const migrationsFolder = join(root, 'src/server/db/migrations');

const versionOf = (pkg) => JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** What the template is made from: the PGlite and pg-boss versions and every migration file. */
function templateKey() {
  const hash = createHash('sha256').update(versionOf('@electric-sql/pglite')).update(versionOf('pg-boss'));
  const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  for (const file of files(migrationsFolder).sort()) hash.update(file.slice(root.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export function buildPgliteTemplateIfStale() {
  const version = templateKey();
  if (existsSync(join(pgliteTemplateDir, 'PG_VERSION')) && existsSync(marker) && readFileSync(marker, 'utf8') === version) return;
  const partial = `${pgliteTemplateDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  // A fresh checkout has no dist/ yet (the bench builds the server before the web): PGlite makes only the last folder.
  mkdirSync(join(root, 'dist'), { recursive: true });
  // In a child process: initdb's memory stays with it, not with the caller (npm start's wrapper, the bench).
  const made = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      // pg-boss's tables too (schema 'pgboss', as src/server/jobs/boss.ts names it): installing them cost a
      // new folder's start ~0.6 s of CPU (decision 075). Its queues are still created at start, by name.
      `const [{ PGlite }, { drizzle }, { migrate }, { default: PgBoss }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'), import('pg-boss')]);
       const db = new PGlite({ dataDir: ${JSON.stringify(partial)} });
       await migrate(drizzle(db), { migrationsFolder: ${JSON.stringify(migrationsFolder)} });
       await db.exec(PgBoss.getConstructionPlans('pgboss'));
       await db.close();`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('could not make the embedded database template');
  rmSync(pgliteTemplateDir, { recursive: true, force: true });
  renameSync(partial, pgliteTemplateDir);
  writeFileSync(marker, version);
}

if (import.meta.url === `file://${process.argv[1]}`) buildPgliteTemplateIfStale();
