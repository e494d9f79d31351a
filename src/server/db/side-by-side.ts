import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type Reads = readonly (() => PromiseLike<unknown>)[];
type Results<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Reads that do not depend on each other: side by side on the pool (each on a connection of its own), one after
 * the other in a transaction, which has one connection: node-postgres deprecates a query sent while another is
 * under way on a client (pg 9 refuses it), and they would wait for each other there anyway.
 */
export async function sideBySide<T extends Reads>(db: DbOrTx, ...reads: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
