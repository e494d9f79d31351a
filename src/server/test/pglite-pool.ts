import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';

/**
 * The embedded databases of one test process, reused from file to file (decision 080). Opening a copy of the
 * template costs about half a second of CPU, most of it PGlite unpacking the 44 MB tarball into its in-memory
 * file system in JavaScript; putting a used database back the way the template left it costs a few
 * milliseconds. A database comes back only when its app was closed through the harness and nothing but rows
 * changed: a schema that differs from the template's (a test's DDL, pg-boss's tables) or a database that no
 * longer answers is closed instead, and the next file opens a fresh copy.
 */

/** What the template holds: every table's rows where there are any, every sequence's value, the schema's fingerprint. */
interface Baseline {
  tables: string[];
  rows: Array<{ table: string; columns: string; json: string }>;
  sequences: Array<{ name: string; value: string; called: boolean }>;
  schema: string;
}

const idle = new Map<string, DatabaseHandle[]>();
const baselines = new WeakMap<DatabaseHandle, Baseline>();
/** Template tarballs read once per process (each read was 44 MB from disk). */
const tarballs = new Map<string, Promise<Blob>>();

const userTables = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1`;

/**
 * One text that changes with any DDL outside the system catalogues: relations, columns, defaults, constraints,
 * indexes, triggers (and whether they are enabled), functions, types and schemas.
 */
const schemaFingerprint = `
  with ns as (select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%')
  select md5(concat_ws('|',
    (select string_agg(concat(c.oid, c.relname, c.relkind, c.relnamespace), ',' order by c.oid) from pg_class c where c.relnamespace in (select oid from ns)),
    (select string_agg(concat(a.attrelid, a.attnum, a.attname, a.atttypid, a.attnotnull, a.attisdropped, a.atthasdef), ',' order by a.attrelid, a.attnum)
       from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relnamespace in (select oid from ns) and a.attnum > 0),
    (select string_agg(concat(d.oid, md5(pg_get_expr(d.adbin, d.adrelid))), ',' order by d.oid) from pg_attrdef d join pg_class c on c.oid = d.adrelid where c.relnamespace in (select oid from ns)),
    (select string_agg(concat(o.oid, o.conname, o.convalidated), ',' order by o.oid) from pg_constraint o where o.connamespace in (select oid from ns)),
    (select string_agg(concat(t.oid, t.tgenabled), ',' order by t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace in (select oid from ns)),
    (select string_agg(concat(p.oid, md5(p.prosrc)), ',' order by p.oid) from pg_proc p where p.pronamespace in (select oid from ns)),
    (select string_agg(concat(y.oid, y.typname), ',' order by y.oid) from pg_type y where y.typnamespace in (select oid from ns)),
    (select string_agg(oid::text, ',' order by oid) from ns)
  )) as fingerprint`;

/** A database as the template left it: from this process's pool when one is idle, else a fresh copy. */
export async function takePgliteCopy(key: string, tarball: () => Promise<Blob>): Promise<DatabaseHandle> {
  const reused = idle.get(key)?.pop();
  // A new Drizzle instance on the same connection: what the app caches per database object (the link-signing
  // key, read from a table the reset emptied) starts afresh, as it would on a new copy.
  if (reused) {
    const handle = { ...reused, db: drizzle((reused.db as unknown as { $client: PGlite }).$client, { schema }) as unknown as Database };
    baselines.set(handle, baselines.get(reused)!);
    return handle;
  }
  let loaded = tarballs.get(key);
  if (!loaded) {
    loaded = tarball();
    tarballs.set(key, loaded);
  }
  const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: await loaded });
  baselines.set(handle, await readBaseline(handle));
  return handle;
}

/**
 * Puts a database whose app has closed back in the pool, emptied to the template's rows; closes it instead when
 * its schema changed or it cannot be reset (a test closed it, or left it in a broken state).
 */
export async function givePgliteBack(key: string, handle: DatabaseHandle): Promise<void> {
  const baseline = baselines.get(handle);
  try {
    if (!baseline) throw new Error('not a pooled database');
    await reset(handle, baseline);
  } catch {
    await handle.close().catch(() => undefined);
    return;
  }
  const list = idle.get(key) ?? [];
  list.push(handle);
  idle.set(key, list);
}

async function readBaseline(handle: DatabaseHandle): Promise<Baseline> {
  const tables = (await handle.executeSql(userTables, [])).rows.map((row) => String(row.name));
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const [content] = (await handle.executeSql(`select count(*)::int as n, coalesce(json_agg(t), '[]')::text as json from ${table} t`, [])).rows;
    if (!content || Number(content.n) === 0) continue;
    // Generated columns are computed again on insert, so they are left out of the list.
    const columns = (
      await handle.executeSql(
        `select string_agg(quote_ident(attname), ', ' order by attnum) as columns from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
        [table],
      )
    ).rows[0]!.columns;
    rows.push({ table, columns: String(columns), json: String(content.json) });
  }
  const sequences: Baseline['sequences'] = [];
  const names = (await handle.executeSql(`select format('%I.%I', schemaname, sequencename) as name from pg_sequences order by 1`, [])).rows;
  for (const { name } of names) {
    const [state] = (await handle.executeSql(`select last_value::text as value, is_called as called from ${String(name)}`, [])).rows;
    sequences.push({ name: String(name), value: String(state!.value), called: Boolean(state!.called) });
  }
  return { tables, rows, sequences, schema: await fingerprint(handle) };
}

async function fingerprint(handle: DatabaseHandle): Promise<string> {
  return String((await handle.executeSql(schemaFingerprint, [])).rows[0]!.fingerprint);
}

async function reset(handle: DatabaseHandle, baseline: Baseline): Promise<void> {
  // A transaction a test left open is rolled back (outside one, ROLLBACK only warns); session settings and
  // advisory locks go with the session they belonged to.
  await handle.executeSql('ROLLBACK; RESET ALL; SELECT pg_advisory_unlock_all();');
  if ((await fingerprint(handle)) !== baseline.schema) throw new Error('the schema changed');
  // Replica mode skips triggers, foreign keys among them, so the tables empty and fill in any order.
  const statements = [
    `SET session_replication_role = replica`,
    ...baseline.tables.map((table) => `DELETE FROM ${table}`),
    ...baseline.rows.map(({ table, columns, json }) => `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(null::${table}, ${quoteLiteral(json)})`),
    ...baseline.sequences.map(({ name, value, called }) => `SELECT setval('${name.replaceAll("'", "''")}', ${value}, ${called})`),
    `SET session_replication_role = DEFAULT`,
  ];
  await handle.executeSql(`BEGIN; ${statements.join(';\n')}; COMMIT;`);
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
