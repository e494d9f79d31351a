import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { writeServerNote, removeServerNote } from '../../db/data-dir-lock';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { freshPostgresDatabase } from '../../test/postgres';
import { createBackup, listBackups } from './backup';
import { postgresSession, sessionOf, writeLogicalDump, type SqlSession } from './database-copy';
import { restoreBackup, RestoreRefused } from './restore';

/**
 * Backup and restore, on the database the suite runs on: PGlite here (its data folder as a tarball), and
 * PostgreSQL under `npm run test:pg` (pg_dump and pg_restore). Every table's rows must come back the same.
 */

let t: TestApp;
let work: string;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'glint-backup-test-'));
  t = await createTestApp({ seedDemo: true, now: MONDAY_9AM_PACIFIC });
  // The demo's one technician has Tuesday 10:00 taken: another, so the guest's booking there finds someone (decision 055).
  await t.createUser({ role: 'driver', fullName: 'Extra Technician' });
  // A business with a paid booking, a client account and an uploaded image, besides the demo data.
  const booking = await bookAsGuest(t);
  expect(booking.statusCode, booking.body).toBe(201);
  expect((await payWithTestCard(t, booking.json())).card.statusCode).toBe(200);
  await t.createUser({ fullName: 'Cora Client', email: 'cora@example.com' });
  const admin = await t.login('admin@glint.local');
  const boundary = '----glint-backup-boundary';
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a-picture-of-a-clean-car')]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="car.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every row of every table in public, plus the applied migrations, as sorted JSON texts per table. */
async function everyRow(sql: SqlSession): Promise<Record<string, string[]>> {
  const tables = (await sql.query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => String(r.tablename));
  const out: Record<string, string[]> = {};
  for (const table of tables) out[table] = (await sql.query(`select row_to_json(t)::text as j from "${table}" t`)).map((r) => String(r.j)).sort();
  out['drizzle.__drizzle_migrations'] = (await sql.query('select hash, created_at::text from drizzle.__drizzle_migrations order by id')).map((r) => `${r.hash} ${r.created_at}`);
  return out;
}

async function rowsOf(handle: DatabaseHandle, databaseUrl: string | undefined) {
  const sql = await sessionOf(handle, databaseUrl);
  try {
    return await everyRow(sql);
  } finally {
    await sql.close();
  }
}

/** A new, empty target of the suite's kind: a PGlite data folder, or an empty PostgreSQL database. */
async function emptyTarget(name: string): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = join(work, name);
  if (!t.databaseUrl) return { dataDir };
  const fresh = await freshPostgresDatabase();
  cleanups.push(() => fresh.drop());
  return { dataDir, databaseUrl: fresh.url };
}

async function open(target: { dataDir: string; databaseUrl?: string }) {
  const handle = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, poolSize: 4 });
  cleanups.push(() => handle.close());
  return handle;
}

describe('backup and restore', () => {
  it('restores a backup with bookings, payments, clients and uploads into a new database with every row the same, and the app runs on it', async () => {
    const original = await rowsOf(t.handle, t.databaseUrl);
    expect(original.bookings!.length).toBeGreaterThan(3);
    expect(original.booking_payments!.some((r) => r.includes('"succeeded"'))).toBe(true);
    expect(original.users!.some((r) => r.includes('cora@example.com'))).toBe(true);
    expect(original.uploads).toHaveLength(1);

    const dir = join(work, 'backups');
    const made = await createBackup({ handle: t.handle, databaseUrl: t.databaseUrl, dir, keep: 5, now: new Date(MONDAY_9AM_PACIFIC) });
    expect(made.name).toBe(`glint-2026-06-01T160000Z.${t.databaseUrl ? 'pgdump' : 'pglite.tar.gz'}`);
    expect(readdirSync(dir)).toEqual([made.name]);

    const target = await emptyTarget('restored');
    const restored = await restoreBackup({ file: made.path, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    expect(restored.counts.bookings).toBe(original.bookings!.length);
    const handle = await open(target);
    expect(await rowsOf(handle, target.databaseUrl)).toEqual(original);

    // The app starts on it as on any database: migrations (none left) and the same bookings for the admin.
    await handle.migrate();
    const { app } = await buildApp({ config: t.config, handle, serveWeb: false, now: () => new Date(t.clock.now) });
    cleanups.push(() => app.close());
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@glint.local', password: 'correct-horse-battery' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const list = async (inject: TestApp['app']['inject'], c: string) => (await inject({ method: 'GET', url: '/api/admin/bookings?limit=100', headers: { cookie: c } })).json();
    expect(await list(app.inject.bind(app), cookie)).toEqual(await list(t.app.inject.bind(t.app), await t.login('admin@glint.local')));
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('refuses to restore into a database that holds anything, unless forced', async () => {
    const dir = join(work, 'backups-refuse');
    const made = await createBackup({ handle: t.handle, databaseUrl: t.databaseUrl, dir, keep: 5, now: new Date(MONDAY_9AM_PACIFIC) });
    const target = await emptyTarget('occupied');
    // Something already there: a data folder with a file in it, a database with a table.
    if (target.databaseUrl) {
      const sql = await postgresSession(target.databaseUrl);
      await sql.query('create table notes (body text)');
      await sql.close();
    } else {
      mkdirSync(target.dataDir, { recursive: true });
      writeFileSync(join(target.dataDir, 'PG_VERSION'), '17\n');
    }
    await expect(restoreBackup({ file: made.path, dataDir: target.dataDir, databaseUrl: target.databaseUrl })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ file: made.path, dataDir: target.dataDir, databaseUrl: target.databaseUrl })).rejects.toThrow(/not empty: .*--force/);
    const forced = await restoreBackup({ file: made.path, dataDir: target.dataDir, databaseUrl: target.databaseUrl, force: true, now: new Date(MONDAY_9AM_PACIFIC) });
    if (!target.databaseUrl) {
      // The old data folder is moved aside, never deleted.
      expect(forced.movedAside).toBe(`${target.dataDir}.before-restore-2026-06-01T160000Z`);
      expect(readFileSync(join(forced.movedAside!, 'PG_VERSION'), 'utf8')).toBe('17\n');
    }
    const handle = await open(target);
    expect(await rowsOf(handle, target.databaseUrl)).toEqual(await rowsOf(t.handle, t.databaseUrl));
  });

  it('refuses to restore into the data folder of a running server', async () => {
    if (t.databaseUrl) return;
    const made = listBackups(join(work, 'backups'))[0]!;
    const dataDir = join(work, 'in-use');
    writeServerNote(dataDir, { pid: process.ppid, url: 'http://127.0.0.1:1' });
    try {
      await expect(restoreBackup({ file: made.path, dataDir })).rejects.toThrow(/is running on .*stop it first/);
    } finally {
      removeServerNote(dataDir);
    }
  });

  it('keeps the newest BACKUP_KEEP backups and deletes the older ones', async () => {
    const dir = join(work, 'backups-keep');
    mkdirSync(dir);
    // Three older backups and a file that is not one (never deleted), then a new backup with BACKUP_KEEP=2.
    for (const name of ['glint-2026-05-29T103000Z.pgdump', 'glint-2026-05-30T103000Z.pglite.tar.gz', 'glint-2026-05-31T103000Z.jsonl.gz', 'notes.txt']) writeFileSync(join(dir, name), 'x');
    const made = await createBackup({ handle: t.handle, databaseUrl: t.databaseUrl, dir, keep: 2, now: new Date(MONDAY_9AM_PACIFIC) });
    expect(listBackups(dir).map((b) => b.name)).toEqual([made.name, 'glint-2026-05-31T103000Z.jsonl.gz']);
    expect(readdirSync(dir).sort()).toEqual([made.name, 'glint-2026-05-31T103000Z.jsonl.gz', 'notes.txt'].sort());
  });

  it('restores the logical dump (rows as JSON) with every row the same', async () => {
    const file = join(work, 'glint-2026-06-01T160000Z.jsonl.gz');
    const source = await sessionOf(t.handle, t.databaseUrl);
    try {
      await writeLogicalDump(source, file, new Date(MONDAY_9AM_PACIFIC));
    } finally {
      await source.close();
    }
    const target = await emptyTarget('from-logical');
    await restoreBackup({ file, dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    const handle = await open(target);
    expect(await rowsOf(handle, target.databaseUrl)).toEqual(await rowsOf(t.handle, t.databaseUrl));
  });
});
