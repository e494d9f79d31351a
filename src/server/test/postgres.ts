import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the PostgreSQL suites run against (`npm run test:pg` sets it). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL;

/** The URL of another database on the same server. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Creates a uniquely named database on the test server — empty, or a copy of `template` (CREATE DATABASE …
 * TEMPLATE) — and drop() removes it.
 */
export async function freshPostgresDatabase(baseUrl = testPostgresUrl, options: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `glint_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : ''}`);
  await admin.end();
  return {
    url: databaseUrlFor(baseUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
