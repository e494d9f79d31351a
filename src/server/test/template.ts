import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { seed } from '../db/seed';
import { databaseUrlFor } from './postgres';

/**
 * The template every integration file starts from: migrated and seeded with the date-independent part of
 * the seed (catalogue, business hours, admin). Building one costs a PGlite initdb plus the migrations
 * (about 4 s); opening a copy costs a fraction of that. The template is keyed by a hash of everything that
 * shapes its content, so a changed migration or seed builds a new one. The date-dependent demo data is
 * never in it: createTestApp runs the (idempotent) seed again on each copy with the test's own clock.
 */

export const TEST_PUBLIC_URL = 'http://localhost:5000';
export const TEST_PASSWORD = 'correct-horse-battery';

/** The configuration createTestApp starts from; `env` overrides it. */
export function testConfig(env: Record<string, string> = {}, seedDemo = false): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ADMIN_PASSWORD: TEST_PASSWORD,
    SEED_DEMO: seedDemo ? 'true' : 'false',
    DEMO_PASSWORD: TEST_PASSWORD,
    JOBS: 'false',
    ...env,
  });
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the PGlite templates are kept between runs (one tarball per key). */
export const templateCacheDir = join(root, 'node_modules/.cache/glint-test-template');
const FORMAT = 1;

/** What the template's content depends on: migrations, seed sources, the PGlite version and the admin account. */
export function templateKey(config: Config): string {
  const hash = createHash('sha256').update(`format ${FORMAT}\n`);
  const sources = [
    ...filesUnder(join(root, 'src/server/db/migrations')),
    ...filesUnder(join(root, 'src/server/db/schema')),
    join(root, 'src/server/db/seed.ts'),
    join(root, 'src/server/db/catalogue.ts'),
    join(root, 'src/server/http/sanitize.ts'),
    join(root, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of sources) hash.update(`${file.slice(root.length)}\n`).update(readFileSync(file));
  hash.update(`admin ${config.adminEmail} ${config.adminPassword ?? ''}\n`);
  return hash.digest('hex').slice(0, 16);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** The PGlite template as a data directory tarball (for `openDatabase({ loadDataDir })`), built if missing. */
export async function pgliteTemplate(config: Config): Promise<Blob> {
  const file = join(templateCacheDir, `${templateKey(config)}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await handle.migrate();
      await seed(handle.db, { ...config, seedDemo: false });
      const tarball = await handle.dumpDataDir!();
      mkdirSync(templateCacheDir, { recursive: true });
      // Written aside and renamed, so a parallel worker never reads half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

const TEMPLATE_LOCK = 0x676c696e; // pg_advisory_lock key: one template build at a time on the server

/** The name of the PostgreSQL template database on the server at baseUrl, created (once) if missing. */
export async function postgresTemplate(config: Config, baseUrl: string): Promise<string> {
  const name = `glint_template_${templateKey(config)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      // Built under another name and renamed when complete: a failed build never leaves a half template.
      const building = `glint_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      try {
        const handle = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, building), poolSize: 2 });
        try {
          await handle.migrate();
          await seed(handle.db, { ...config, seedDemo: false });
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        throw error;
      }
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
  return name;
}
