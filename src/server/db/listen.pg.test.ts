import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client';
import { freshPostgresDatabase } from '../test/postgres';

/**
 * The live-update bus's LISTEN connection on PostgreSQL: the app subscribes to several channels at once as it
 * starts, and every subscription must share one connection (a second one, left behind, would be neither
 * listened again after a loss nor closed) and send its LISTEN after the one before.
 */
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let admin: pg.Client;

beforeAll(async () => {
  database = await freshPostgresDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
}, 60_000);

afterAll(async () => {
  await admin?.end();
  await database?.drop();
}, 60_000);

/** The connections to the test's database other than the admin's own. */
async function connections(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows[0]!.n;
}

describe('listening on PostgreSQL', () => {
  it('subscribes to channels at once on one connection, one statement at a time, delivers each, and closes it', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const handle: DatabaseHandle = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
    try {
      const channels = ['glint_a', 'glint_b', 'glint_c', 'glint_d'];
      const heard = new Map<string, string[]>(channels.map((channel) => [channel, []]));
      await Promise.all(channels.map((channel) => handle.listen(channel, (payload) => heard.get(channel)!.push(payload))));

      // The pool has not been used: the only connection is the LISTEN one.
      expect(await connections()).toBe(1);
      for (const channel of channels) await admin.query('select pg_notify($1, $2)', [channel, `to ${channel}`]);
      await expect.poll(() => [...heard.values()].map((payloads) => payloads.join())).toEqual(channels.map((channel) => `to ${channel}`));
    } finally {
      await handle.close();
      process.off('warning', onWarning);
    }
    expect(await connections()).toBe(0);
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  it('ends a LISTEN connection that was still connecting when the handle closed', async () => {
    const handle = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
    const subscribed = handle.listen('glint_late', () => undefined).catch(() => undefined);
    await handle.close();
    await subscribed;
    await expect.poll(connections).toBe(0);
  });
});
