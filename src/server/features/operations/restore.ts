import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { runningServer } from '../../db/data-dir-lock';
import { formatOf, runTool } from './backup';
import { copyDatabase, databaseIsEmpty, loadLogicalDump, postgresSession, sessionOf, tableCounts, type SqlSession } from './database-copy';

/**
 * Restores a backup into an empty database — a new data folder, or an empty PostgreSQL database — and
 * refuses one that holds anything unless `force` (then an old data folder is moved aside, never deleted; a
 * PostgreSQL database's schemas are dropped). Any backup restores into PostgreSQL (an embedded one is copied
 * row by row); a `pg_dump` backup only into PostgreSQL. The app migrates on its next start as usual.
 */

export interface RestoreOptions {
  file: string;
  /** PostgreSQL to restore into; unset: the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  into: string;
  /** Rows per table in the restored database. */
  counts: Record<string, number>;
  /** With force on a data folder that held a database: where the old one was moved. */
  movedAside?: string;
}

export class RestoreRefused extends Error {}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const file = resolve(options.file);
  if (!existsSync(file)) throw new RestoreRefused(`no such file: ${file}`);
  const format = formatOf(file);
  if (!format) throw new RestoreRefused(`not a Glint backup (expected .pglite.tar.gz, .pgdump or .jsonl.gz): ${file}`);
  return options.databaseUrl ? restoreIntoPostgres(file, format, options.databaseUrl, Boolean(options.force)) : restoreIntoDataDir(file, format, options);
}

async function restoreIntoDataDir(file: string, format: ReturnType<typeof formatOf>, options: RestoreOptions): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  if (format === 'pg_dump') throw new RestoreRefused('a pg_dump backup restores into PostgreSQL: set DATABASE_URL');
  const server = runningServer(dataDir);
  if (server) throw new RestoreRefused(`a server (pid ${server.pid}) is running on ${dataDir}: stop it first`);
  let movedAside: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    if (!options.force) throw new RestoreRefused(`${dataDir} is not empty: restore into a new DATA_DIR, or pass --force to move the old one aside`);
    movedAside = `${dataDir}.before-restore-${(options.now ?? new Date()).toISOString().slice(0, 19).replace(/:/g, '')}Z`;
    renameSync(dataDir, movedAside);
  }
  const handle =
    format === 'pglite'
      ? await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)], { type: 'application/gzip' }) })
      : await openDatabase({ dataDir });
  try {
    if (format === 'logical') {
      await handle.migrate();
      return { into: dataDir, counts: await withSession(handle, undefined, (sql) => loadLogicalDump(file, sql)), movedAside };
    }
    return { into: dataDir, counts: await withSession(handle, undefined, tableCounts), movedAside };
  } finally {
    await handle.close();
  }
}

async function restoreIntoPostgres(file: string, format: ReturnType<typeof formatOf>, databaseUrl: string, force: boolean): Promise<RestoreResult> {
  const into = new URL(databaseUrl).pathname.slice(1) || 'postgres';
  const target = await postgresSession(databaseUrl);
  try {
    if (!(await databaseIsEmpty(target))) {
      if (!force) throw new RestoreRefused(`the database ${into} is not empty: restore into a new database, or pass --force to replace what it holds`);
      await target.query('drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
  } finally {
    await target.close();
  }
  if (format === 'pg_dump') {
    await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
    const sql = await postgresSession(databaseUrl);
    try {
      return { into, counts: await tableCounts(sql) };
    } finally {
      await sql.close();
    }
  }
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await handle.migrate();
    if (format === 'logical') return { into, counts: await withSession(handle, databaseUrl, (sql) => loadLogicalDump(file, sql)) };
    // An embedded backup: opened in memory, brought to this version's migrations, then copied row by row.
    const source = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(file)], { type: 'application/gzip' }) });
    try {
      await source.migrate();
      return { into, counts: await copyBetween(source, handle, databaseUrl) };
    } finally {
      await source.close();
    }
  } finally {
    await handle.close();
  }
}

/**
 * `npm run migrate-to-postgres`: the embedded database in dataDir, copied into an empty PostgreSQL database
 * (both migrated first), every table's count checked on both sides.
 */
export async function migrateToPostgres(options: { dataDir: string; databaseUrl: string; force?: boolean }): Promise<Record<string, number>> {
  const dataDir = resolve(options.dataDir);
  const server = runningServer(dataDir);
  if (server) throw new RestoreRefused(`a server (pid ${server.pid}) is running on ${dataDir}: stop it first, so nothing changes during the copy`);
  if (!existsSync(dataDir) || !readdirSync(dataDir).length) throw new RestoreRefused(`no embedded database in ${dataDir}`);
  const target = await postgresSession(options.databaseUrl);
  try {
    if (!(await databaseIsEmpty(target))) {
      if (!options.force) throw new RestoreRefused('the PostgreSQL database is not empty: use a new database, or pass --force to replace what it holds');
      await target.query('drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
  } finally {
    await target.close();
  }
  const source = await openDatabase({ dataDir });
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 2 });
  try {
    await source.migrate();
    await handle.migrate();
    return await copyBetween(source, handle, options.databaseUrl);
  } finally {
    await handle.close();
    await source.close();
  }
}

async function copyBetween(source: DatabaseHandle, target: DatabaseHandle, targetUrl: string): Promise<Record<string, number>> {
  return withSession(source, undefined, (from) => withSession(target, targetUrl, (to) => copyDatabase(from, to)));
}

async function withSession<T>(handle: DatabaseHandle, databaseUrl: string | undefined, run: (sql: SqlSession) => Promise<T>): Promise<T> {
  const sql = await sessionOf(handle, databaseUrl);
  try {
    return await run(sql);
  } finally {
    await sql.close();
  }
}
