import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the PostgreSQL suites run against (`npm run test:pg` sets it). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL;

/** Creates a uniquely named, empty database on the test server; drop() removes it. */
export async function freshPostgresDatabase(baseUrl = testPostgresUrl): Promise<{ url: string; drop(): Promise<void> }> {
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `glint_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
