import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../db/client';
import { seed } from '../../db/seed';
import { createTestApp } from '../../test/harness';
import { freshPostgresDatabase } from '../../test/postgres';
import { databaseRelay } from '../../test/server-process';
import { pgliteTemplate, testConfig } from '../../test/template';
import { createBackup } from './backup';
import { sessionOf } from './database-copy';
import { migrateToPostgres, restoreBackup } from './restore';

/** PostgreSQL only: a real outage for /api/ready, migrations under the advisory lock, and moving to PostgreSQL. */

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'glint-ops-pg-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function everyRow(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const sql = await sessionOf(handle, undefined);
  try {
    await sql.query(`set timezone to 'UTC'`);
    const tables = (await sql.query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => String(r.tablename));
    const out: Record<string, string[]> = {};
    for (const table of tables) out[table] = (await sql.query(`select row_to_json(t)::text as j from "${table}" t`)).map((r) => String(r.j)).sort();
    return out;
  } finally {
    await sql.close();
  }
}

describe('readiness against a real PostgreSQL outage', () => {
  it('says 503 with the reason while the database cannot be reached, and 200 once it is back', async () => {
    const database = await freshPostgresDatabase();
    const target = new URL(database.url);
    const relay = await databaseRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(database.url);
    viaRelay.port = String(relay.port);
    const t = await createTestApp({ databaseUrl: viaRelay.toString() });
    try {
      expect((await t.call('GET', '/api/ready')).statusCode).toBe(200);
      await relay.down();
      const down = await t.call('GET', '/api/ready');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ ready: false, reason: expect.stringMatching(/^database unreachable: /), checks: { database: 'failing' } });
      expect((await t.call('GET', '/api/health')).statusCode, 'the process itself still answers').toBe(200);
      await relay.up();
      let status = 0;
      for (let i = 0; i < 40 && status !== 200; i++) {
        status = (await t.call('GET', '/api/ready')).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
    } finally {
      await t.close();
      await relay.close();
      await database.drop();
    }
  });
});

describe('migrations under the advisory lock', () => {
  it('applies each migration once when several instances start on an empty database at the same moment', async () => {
    const database = await freshPostgresDatabase();
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: database.url, poolSize: 2 })));
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await handles[0]!.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      for (const h of handles) await h.close();
      await database.drop();
    }
  });
});

describe('from the embedded database to PostgreSQL', () => {
  let source: DatabaseHandle;
  let tarball: string;
  const config = testConfig({}, true);

  beforeAll(async () => {
    // An embedded database with the demo data (bookings, payments, clients), as `npm start` leaves it.
    source = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(config) });
    await seed(source.db, config, new Date());
    tarball = (await createBackup({ handle: source, databaseUrl: undefined, dir: join(work, 'backups'), keep: 3, now: new Date() })).path;
  });
  afterAll(() => source.close());

  it('npm run migrate-to-postgres copies every row, verified by counts', async () => {
    const dataDir = join(work, 'data');
    await restoreBackup({ file: tarball, dataDir });
    const database = await freshPostgresDatabase();
    try {
      const counts = await migrateToPostgres({ dataDir, databaseUrl: database.url });
      expect(counts.bookings).toBeGreaterThan(3);
      const target = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
      try {
        expect(await everyRow(target)).toEqual(await everyRow(source));
        // The app runs on the copy.
        const { app } = await buildApp({ config, handle: target, serveWeb: false });
        expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
        await app.close();
      } finally {
        await target.close();
      }
      await expect(migrateToPostgres({ dataDir, databaseUrl: database.url })).rejects.toThrow(/not empty/);
    } finally {
      await database.drop();
    }
  });

  it('restores an embedded backup straight into PostgreSQL', async () => {
    const database = await freshPostgresDatabase();
    try {
      await restoreBackup({ file: tarball, dataDir: join(work, 'unused'), databaseUrl: database.url });
      const target = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
      try {
        expect(await everyRow(target)).toEqual(await everyRow(source));
      } finally {
        await target.close();
      }
    } finally {
      await database.drop();
    }
  });
});
