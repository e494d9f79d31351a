import { is, Param, Placeholder, type Column, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Turns a SQL fragment into its text and parameters (PostgreSQL's, whichever driver runs it). */
const dialect = new PgDialect();

/** What a prepared statement reads back: each field's column, in the order the statement returns them. */
type Fields = Record<string, Column>;
type RowOf<F extends Fields> = { [K in keyof F]: F[K]['_']['notNull'] extends true ? F[K]['_']['data'] : F[K]['_']['data'] | null };
type Values = Record<string, unknown>;

/** How one parameter of the built query gets its value: a placeholder's, through its column's encoder. */
function fillerOf(param: unknown): (values: Values) => unknown {
  const placeholder = is(param, Param) && is(param.value, Placeholder) ? param.value : is(param, Placeholder) ? param : undefined;
  if (!placeholder) return () => param;
  const encode = is(param, Param) ? (value: unknown) => param.encoder.mapToDriverValue(value) : (value: unknown) => value;
  return (values) => {
    if (!(placeholder.name in values)) throw new Error(`No value for placeholder "${placeholder.name}"`);
    const value = values[placeholder.name];
    return value === null || value === undefined ? null : encode(value);
  };
}

/**
 * A statement built once and run many times, in whichever transaction (or the pool) it is given: for the hot
 * path of booking creation (docs/decisions/027). Drizzle otherwise builds the same SQL again on every call
 * (~0.5 ms of CPU for a hold), and as a named statement PostgreSQL parses and plans it once per connection.
 *
 * `build` makes the query with `sql.placeholder(name)` for every value (it is only turned into SQL, never
 * run); `fields` are the columns it returns, in order, read back the way Drizzle's own queries read them.
 * Anything Drizzle would compute while building (a column's `$defaultFn`) is computed once: such a column
 * needs a placeholder of its own (the schema's defaults today are all SQL defaults, which run per row).
 */
export function preparedStatement<F extends Fields>(name: string, fields: F, build: (db: DbOrTx) => { toSQL(): Query }) {
  const queryOf = builtOnce((db) => build(db).toSQL());
  const columns = Object.entries(fields);
  const rowOf = (driverRow: unknown[]) => {
    const row: Record<string, unknown> = {};
    columns.forEach(([key, column], i) => {
      const value = driverRow[i];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    });
    return row as RowOf<F>;
  };
  const mapRows = (rows: unknown[]) => (rows as unknown[][]).map(rowOf);
  return async (db: DbOrTx, values: Values): Promise<RowOf<F>[]> =>
    (await db._.session.prepareQuery(queryOf(db, values), undefined, name, true, mapRows).execute()) as RowOf<F>[];
}

/** The query `build` makes, built on first use; then, per call, its text and the values for its placeholders. */
function builtOnce(build: (db: DbOrTx) => Query): (db: DbOrTx, values: Values) => { sql: string; params: unknown[] } {
  let built: { sql: string; fillers: ((values: Values) => unknown)[] } | undefined;
  return (db, values) => {
    if (!built) {
      const query = build(db);
      built = { sql: query.sql, fillers: query.params.map(fillerOf) };
    }
    return { sql: built.sql, params: built.fillers.map((fill) => fill(values)) };
  };
}

/**
 * `preparedStatement` for a statement read by column name rather than through table columns (a select of
 * computed JSON columns): its rows as the driver gives them, named by the select's aliases.
 */
export function preparedRowsStatement<R>(name: string, build: () => SQL) {
  const queryOf = builtOnce(() => dialect.sqlToQuery(build()));
  return async (db: DbOrTx, values: Values): Promise<R[]> => {
    const result = (await db._.session.prepareQuery(queryOf(db, values), undefined, name, false).execute()) as { rows?: R[] } | R[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  };
}
