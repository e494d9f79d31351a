import type { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { givePgliteBack, takePgliteCopy } from './pglite-pool';
import { pgliteTemplate, templateKey, testConfig } from './template';

// The pool under its own key, so the other files of this worker never take these databases.
const config = testConfig();
const key = `${templateKey(config)}-pool-test`;
const take = () => takePgliteCopy(key, () => pgliteTemplate(config));
const clientOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: PGlite }).$client;
const rows = async (handle: DatabaseHandle, text: string) => (await handle.executeSql(text, [])).rows;
const count = async (handle: DatabaseHandle, table: string) => Number((await rows(handle, `select count(*)::int as n from ${table}`))[0]!.n);

/** Every table's row count, and the template's own rows of the tables it fills. */
async function contents(handle: DatabaseHandle) {
  const tables = (await rows(handle, `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`)).map((row) => String(row.name));
  const counts = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(handle, table)] as const)));
  const users = await rows(handle, 'select id, email, role, password_hash from users order by id');
  const services = await rows(handle, 'select id, name, price from services order by id');
  return { counts, users, services };
}

describe('the embedded databases reused from file to file', () => {
  let template: Awaited<ReturnType<typeof contents>>;

  beforeAll(async () => {
    const first = await take();
    template = await contents(first);
    await givePgliteBack(key, first);
  });

  it('come back with exactly the template’s rows, whatever a file wrote, and a new Drizzle instance each time', async () => {
    const used = await take();
    expect(template.users).toHaveLength(1);
    expect(template.services.length).toBeGreaterThan(0);
    await used.executeSql(`insert into users (full_name, username, email, phone, password_hash, role) values ('Pool Test', 'pool', 'pool@example.com', '4085550100', 'x', 'customer')`);
    await used.executeSql(`update services set price = price + 1`);
    await used.executeSql(`delete from business_hours`);
    await used.executeSql(`select pg_advisory_lock(42)`);
    const usedClient = clientOf(used);
    const usedDb = used.db;
    await givePgliteBack(key, used);

    const again = await take();
    expect(clientOf(again)).toBe(usedClient);
    expect(again.db).not.toBe(usedDb);
    expect(await contents(again)).toEqual(template);
    // The advisory lock went with the previous file.
    expect((await rows(again, 'select count(*)::int as n from pg_locks where locktype = $$advisory$$'))[0]!.n).toBe(0);
    await givePgliteBack(key, again);
  });

  it('roll back a transaction a file left open', async () => {
    const used = await take();
    await used.executeSql(`begin; insert into users (full_name, username, email, phone, password_hash, role) values ('Half Done', 'half', 'half@example.com', '4085550100', 'x', 'customer')`);
    const usedClient = clientOf(used);
    await givePgliteBack(key, used);

    const again = await take();
    expect(clientOf(again)).toBe(usedClient);
    expect(await contents(again)).toEqual(template);
    await givePgliteBack(key, again);
  });

  it('are closed, never reused, when a file changed the schema or closed the database itself', async () => {
    const altered = await take();
    await altered.executeSql('alter table services add column pool_test text');
    await givePgliteBack(key, altered);
    expect(clientOf(altered).closed).toBe(true);

    const closed = await take();
    expect(clientOf(closed)).not.toBe(clientOf(altered));
    await closed.close();
    await givePgliteBack(key, closed);

    const fresh = await take();
    expect(clientOf(fresh)).not.toBe(clientOf(closed));
    expect(await contents(fresh)).toEqual(template);
    await givePgliteBack(key, fresh);
  });

  it('notice a new table, a dropped index and a disabled trigger as schema changes', async () => {
    for (const change of ['create table pool_extra (id int)', 'drop index if exists ' + (await firstIndex()), 'alter table bookings disable trigger all']) {
      const used = await take();
      await used.executeSql(change);
      await givePgliteBack(key, used);
      expect(clientOf(used).closed, change).toBe(true);
    }
  });
});

async function firstIndex(): Promise<string> {
  const handle = await take();
  const [row] = await rows(
    handle,
    `select format('%I.%I', n.nspname, c.relname) as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not exists (select 1 from pg_constraint o where o.conindid = i.indexrelid) order by 1 limit 1`,
  );
  await givePgliteBack(key, handle);
  return String(row!.name);
}
