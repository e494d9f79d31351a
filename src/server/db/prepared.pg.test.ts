import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAttempts } from './schema';
import { preparedStatement } from './prepared';
import { createPostgresTestApp, type TestApp } from '../test/harness';

/** A statement built once runs in the transaction it is given, on PostgreSQL's pool of connections. */
let t: TestApp;

beforeAll(async () => {
  t = await createPostgresTestApp();
});
afterAll(async () => {
  await t?.close();
});

const insertCounter = preparedStatement('test_insert_counter', { key: signInAttempts.key, failures: signInAttempts.failures, lockedUntil: signInAttempts.lockedUntil, windowStart: signInAttempts.windowStart }, (db) =>
  db
    .insert(signInAttempts)
    .values({ key: sql.placeholder('key'), failures: sql.placeholder('failures'), windowStart: sql.placeholder('windowStart'), lockedUntil: sql.placeholder('lockedUntil') })
    .returning({ key: signInAttempts.key, failures: signInAttempts.failures, lockedUntil: signInAttempts.lockedUntil, windowStart: signInAttempts.windowStart }),
);
const stored = async (key: string) => t.ctx.db.select().from(signInAttempts).where(eq(signInAttempts.key, key));

describe('preparedStatement', () => {
  it('reads back typed values (dates as Dates, null as null) and fills each placeholder through its column', async () => {
    const at = new Date('2026-06-01T17:00:00.000Z');
    const [row] = await insertCounter(t.ctx.db, { key: 'prepared:a', failures: 3, windowStart: at, lockedUntil: null });
    expect(row).toEqual({ key: 'prepared:a', failures: 3, lockedUntil: null, windowStart: at });
    // Again, on whichever pooled connection: the same statement, other values.
    const again = await Promise.all([1, 2, 3].map((n) => insertCounter(t.ctx.db, { key: `prepared:b${n}`, failures: n, windowStart: at, lockedUntil: at })));
    expect(again.map(([r]) => [r!.key, r!.failures, r!.lockedUntil?.toISOString()])).toEqual([1, 2, 3].map((n) => [`prepared:b${n}`, n, at.toISOString()]));
  });

  it('runs inside the transaction it is given: rolled back with it, and invisible to others until commit', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await insertCounter(tx, { key: 'prepared:rolled-back', failures: 1, windowStart: new Date(), lockedUntil: null });
        expect(await tx.select().from(signInAttempts).where(eq(signInAttempts.key, 'prepared:rolled-back'))).toHaveLength(1);
        expect(await stored('prepared:rolled-back')).toHaveLength(0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await stored('prepared:rolled-back')).toHaveLength(0);
  });

  it('refuses to run without a value for every placeholder', async () => {
    await expect(insertCounter(t.ctx.db, { key: 'prepared:c', failures: 1, windowStart: new Date() })).rejects.toThrow('No value for placeholder "lockedUntil"');
  });
});
