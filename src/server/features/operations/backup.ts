import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DatabaseHandle } from '../../db/client';
import { postgresSession, sessionOf, writeLogicalDump } from './database-copy';

/**
 * Backups (docs/decisions/040): one file per backup in BACKUP_DIR, named by its UTC time, the newest
 * BACKUP_KEEP kept. The embedded database is saved whole (PGlite's data folder as a tarball, taken by the
 * process that owns it); PostgreSQL with `pg_dump`'s custom format, or the logical dump where `pg_dump` is
 * missing. Uploaded images live in the database (table `uploads`), so the dump carries them.
 */

export type BackupFormat = 'pglite' | 'pg_dump' | 'logical';

const SUFFIX: Record<BackupFormat, string> = { pglite: '.pglite.tar.gz', pg_dump: '.pgdump', logical: '.jsonl.gz' };
const NAME = /^glint-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(pglite\.tar\.gz|pgdump|jsonl\.gz)$/;

export interface BackupFile {
  name: string;
  path: string;
  bytes: number;
  createdAt: Date;
  format: BackupFormat;
}

/** `glint-2026-11-27T103000Z.pgdump`: sorts by time, and says what it holds. */
export function backupName(at: Date, format: BackupFormat): string {
  return `glint-${at.toISOString().slice(0, 19).replace(/:/g, '')}Z${SUFFIX[format]}`;
}

/** The format of a backup file, from its name (any name ending like ours: a renamed copy restores too). */
export function formatOf(path: string): BackupFormat | undefined {
  return (Object.keys(SUFFIX) as BackupFormat[]).find((format) => path.endsWith(SUFFIX[format]));
}

/** The backups in a folder, newest first. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name);
      if (!m) return [];
      const path = join(dir, name);
      const createdAt = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
      return [{ name, path, bytes: statSync(path).size, createdAt, format: formatOf(name)! }];
    })
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` backups; answers the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const backup of old) rmSync(backup.path, { force: true });
  return old.map((b) => b.name);
}

export interface BackupOptions {
  handle: DatabaseHandle;
  /** PostgreSQL's URL (pg_dump and the logical dump open their own connections). */
  databaseUrl: string | undefined;
  dir: string;
  keep: number;
  now: Date;
  /** PostgreSQL only: the logical dump even when pg_dump is installed. */
  logical?: boolean;
}

/** Writes one backup, then deletes the oldest beyond `keep`. A half-written file is never left under a backup's name. */
export async function createBackup(options: BackupOptions): Promise<BackupFile> {
  const dir = resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const databaseUrl = options.databaseUrl ?? options.handle.url;
  const format: BackupFormat = options.handle.kind === 'pglite' ? 'pglite' : !options.logical && pgDumpAvailable() ? 'pg_dump' : 'logical';
  const name = backupName(options.now, format);
  const path = join(dir, name);
  const partial = `${path}.partial`;
  try {
    if (format === 'pglite') await writePgliteBackup(options.handle, partial);
    else if (format === 'pg_dump') await runPgDump(databaseUrl!, partial);
    else {
      const session = databaseUrl ? await postgresSession(databaseUrl) : await sessionOf(options.handle, undefined);
      try {
        await writeLogicalDump(session, partial, options.now);
      } finally {
        await session.close();
      }
    }
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  pruneBackups(dir, options.keep);
  return { name, path, bytes: statSync(path).size, createdAt: options.now, format };
}

/**
 * PGlite's whole data folder from the process that owns it: a checkpoint first (everything committed is in
 * the data files), then the tarball, which PGlite takes between two statements of its one connection.
 */
async function writePgliteBackup(handle: DatabaseHandle, path: string): Promise<void> {
  await handle.executeSql('checkpoint');
  const tarball = await handle.dumpDataDir!('gzip');
  writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
}

let pgDumpFound: boolean | undefined;
export function pgDumpAvailable(): boolean {
  pgDumpFound ??= spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0 && spawnSync('pg_restore', ['--version'], { stdio: 'ignore' }).status === 0;
  return pgDumpFound;
}

/** pg_dump in its custom format (compressed; pg_restore reads it): one consistent snapshot of every schema. */
function runPgDump(databaseUrl: string, path: string): Promise<void> {
  return runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path}`, `--dbname=${databaseUrl}`]);
}

/** Runs a PostgreSQL client tool; a failure throws with what it printed (never the URL's password). */
export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${command} failed (${code}): ${stderr.replace(/postgres(ql)?:\/\/[^@\s]*@/g, 'postgres://…@').trim()}`))));
  });
}

/** What the admin sees: the newest backup and whether it is too old (no backup at all counts as too old). */
export interface BackupStatus {
  configured: boolean;
  latest: { name: string; bytes: number; createdAt: string } | null;
  /** Older than STALE_AFTER_HOURS, or none yet. */
  stale: boolean;
  staleAfterHours: number;
}

/** A nightly backup that failed once is still within a day and a half; twice, and the admin is told. */
export const STALE_AFTER_HOURS = 36;

export function backupStatus(dir: string | undefined, now: Date): BackupStatus {
  if (!dir) return { configured: false, latest: null, stale: false, staleAfterHours: STALE_AFTER_HOURS };
  const latest = listBackups(resolve(dir))[0];
  const stale = !latest || now.getTime() - latest.createdAt.getTime() > STALE_AFTER_HOURS * 3_600_000;
  return { configured: true, latest: latest ? { name: latest.name, bytes: latest.bytes, createdAt: latest.createdAt.toISOString() } : null, stale, staleAfterHours: STALE_AFTER_HOURS };
}
