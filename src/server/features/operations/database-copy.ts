import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/client';

/**
 * The database as rows, for what a physical copy cannot do: moving the embedded database to PostgreSQL,
 * restoring an embedded backup into PostgreSQL, and backing up PostgreSQL where `pg_dump` is not installed.
 * Every table of the `public` schema travels as `row_to_json` and lands through `json_populate_recordset`
 * into a database migrated to the same migrations, in foreign-key order; both ends speak the same SQL
 * (PGlite is PostgreSQL), so no type is converted by hand. The job queue (schema pgboss) does not travel:
 * its schedules are made again at start, and the app is stopped while it is copied (docs/OPERATIONS.md).
 */

/** One connection that runs statements in order (a transaction spans calls). */
export interface SqlSession {
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A session on the app's own handle: PGlite is one connection already; on PostgreSQL a client of its own. */
export async function sessionOf(handle: DatabaseHandle, databaseUrl: string | undefined): Promise<SqlSession> {
  if (handle.kind === 'postgres') {
    const url = databaseUrl ?? handle.url;
    if (!url) throw new Error('a PostgreSQL session needs its URL');
    return postgresSession(url);
  }
  return { query: async (text, values) => (await handle.executeSql(text, values ?? [])).rows, close: async () => undefined };
}

export async function postgresSession(databaseUrl: string): Promise<SqlSession> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  return { query: async (text, values) => (await client.query(text, values)).rows as Record<string, unknown>[], close: () => client.end() };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of `public`, each after every table it references (a self-reference does not count). */
export async function tablesInOrder(sql: SqlSession): Promise<string[]> {
  const tables = (await sql.query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)).map((r) => String(r.tablename));
  const edges = await sql.query(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'`);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  const bare = (name: string) => name.replace(/^public\./, '').replace(/^"|"$/g, '');
  for (const edge of edges) {
    const child = bare(String(edge.child));
    const parent = bare(String(edge.parent));
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (!ready.length) throw new Error(`the foreign keys between ${tables.filter((t) => !placed.has(t)).join(', ')} form a loop`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Every table's row count, by table name. */
export async function tableCounts(sql: SqlSession): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInOrder(sql)) counts[table] = Number((await sql.query(`select count(*)::int as n from ${quote(table)}`))[0]!.n);
  return counts;
}

/** The hashes of the migrations applied, oldest first (drizzle's own table). */
export async function appliedMigrations(sql: SqlSession): Promise<string[]> {
  const exists = (await sql.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`))[0]!.present;
  if (!exists) return [];
  return (await sql.query(`select hash from drizzle.__drizzle_migrations order by created_at, id`)).map((r) => String(r.hash));
}

/** Whether the database holds anything of the app: a table in public, the migrations or the job queue. */
export async function databaseIsEmpty(sql: SqlSession): Promise<boolean> {
  const rows = await sql.query(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')`);
  return Number(rows[0]!.n) === 0;
}

/** Rows of one table a batch at a time through a cursor (so inside a transaction), each as its JSON text. */
async function* rowsOf(sql: SqlSession, table: string): AsyncGenerator<string[]> {
  await sql.query(`declare glint_rows no scroll cursor for select row_to_json(t)::text as j from ${quote(table)} t`);
  try {
    for (;;) {
      const rows = await sql.query('fetch 500 from glint_rows');
      if (rows.length) yield rows.map((r) => String(r.j));
      if (rows.length < 500) return;
    }
  } finally {
    await sql.query('close glint_rows');
  }
}

/** Inserts rows (their JSON texts) into a table of the same shape, in batches that stay under a few MB. */
async function insertRows(sql: SqlSession, table: string, rows: string[]): Promise<void> {
  let start = 0;
  while (start < rows.length) {
    let end = start;
    let bytes = 0;
    while (end < rows.length && (end === start || bytes + rows[end]!.length < 4_000_000) && end - start < 500) bytes += rows[end++]!.length;
    await sql.query(`insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, $1::json)`, [`[${rows.slice(start, end).join(',')}]`]);
    start = end;
  }
}

/** Empties the tables a copy is about to fill (a migration may have inserted rows that the copy carries too). */
async function emptyTables(sql: SqlSession, tables: string[]): Promise<void> {
  if (tables.length) await sql.query(`truncate table ${tables.map(quote).join(', ')}`);
}

/**
 * Copies every row of `from` into `to`, both migrated to the same migrations (checked), in one transaction on
 * the target, and answers each table's count on both sides; a difference throws after rolling back.
 */
export async function copyDatabase(from: SqlSession, to: SqlSession): Promise<Record<string, number>> {
  const [source, target] = [await appliedMigrations(from), await appliedMigrations(to)];
  if (source.join() !== target.join()) throw new Error(`the two databases are at different migrations (${source.length} and ${target.length}): migrate both first`);
  const tables = await tablesInOrder(from);
  await from.query('begin isolation level repeatable read read only');
  await to.query('begin');
  try {
    await emptyTables(to, tables);
    for (const table of tables) for await (const rows of rowsOf(from, table)) await insertRows(to, table, rows);
    const [expected, copied] = [await tableCounts(from), await tableCounts(to)];
    const wrong = tables.filter((t) => expected[t] !== copied[t]);
    if (wrong.length) throw new Error(`row counts differ after the copy: ${wrong.map((t) => `${t} ${expected[t]} → ${copied[t]}`).join(', ')}`);
    await to.query('commit');
    await from.query('commit');
    return copied;
  } catch (error) {
    await to.query('rollback').catch(() => undefined);
    await from.query('rollback').catch(() => undefined);
    throw error;
  }
}

interface DumpHeader {
  glint: 'logical-dump';
  version: 1;
  createdAt: string;
  migrations: string[];
  counts: Record<string, number>;
}

/** Writes the logical dump (gzip, one JSON object a line: the header, then `{ t, r }` per row) from one snapshot. */
export async function writeLogicalDump(sql: SqlSession, file: string, now: Date): Promise<void> {
  await sql.query('begin isolation level repeatable read read only');
  try {
    const tables = await tablesInOrder(sql);
    const header: DumpHeader = { glint: 'logical-dump', version: 1, createdAt: now.toISOString(), migrations: await appliedMigrations(sql), counts: await tableCounts(sql) };
    const gzip = createGzip();
    const out = createWriteStream(file);
    gzip.pipe(out);
    const write = async (line: string) => {
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    };
    await write(JSON.stringify(header));
    for (const table of tables) for await (const rows of rowsOf(sql, table)) for (const row of rows) await write(`{"t":${JSON.stringify(table)},"r":${row}}`);
    gzip.end();
    await once(out, 'finish');
  } finally {
    await sql.query('commit').catch(() => undefined);
  }
}

/** Loads a logical dump into an empty database already migrated to the dump's migrations; answers the counts. */
export async function loadLogicalDump(file: string, sql: SqlSession): Promise<Record<string, number>> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let header: DumpHeader | undefined;
  let table: string | undefined;
  let pending: string[] = [];
  await sql.query('begin');
  try {
    for await (const line of lines) {
      if (!line) continue;
      if (!header) {
        header = JSON.parse(line) as DumpHeader;
        if (header.glint !== 'logical-dump' || header.version !== 1) throw new Error('not a Glint logical dump');
        const applied = await appliedMigrations(sql);
        if (applied.join() !== header.migrations.join()) {
          throw new Error(`the dump was made at ${header.migrations.length} migrations and this version of Glint has ${applied.length}: restore it with the version that made it, then upgrade`);
        }
        await emptyTables(sql, await tablesInOrder(sql));
        continue;
      }
      const tail = line.indexOf(',"r":');
      const name = JSON.parse(line.slice(5, tail)) as string;
      if (name !== table) {
        if (table && pending.length) await insertRows(sql, table, pending);
        table = name;
        pending = [];
      }
      pending.push(line.slice(tail + 5, -1));
      if (pending.length >= 500) {
        await insertRows(sql, table, pending);
        pending = [];
      }
    }
    if (table && pending.length) await insertRows(sql, table, pending);
    if (!header) throw new Error('the dump is empty');
    const counts = await tableCounts(sql);
    const wrong = Object.entries(header.counts).filter(([t, n]) => counts[t] !== n);
    if (wrong.length) throw new Error(`row counts differ after loading: ${wrong.map(([t, n]) => `${t} ${n} → ${counts[t]}`).join(', ')}`);
    await sql.query('commit');
    return counts;
  } catch (error) {
    await sql.query('rollback').catch(() => undefined);
    throw error;
  }
}
