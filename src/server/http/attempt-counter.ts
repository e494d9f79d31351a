import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { mentionsAny } from '../db/mentions';
import { preparedStatement } from '../db/prepared';
import { signInAttempts } from '../db/schema';

/**
 * The longest window a counter may use. A row whose window started longer ago than this is over whatever
 * its window was, so the cleanup may delete it: its next count starts again at 1 either way.
 */
export const MAX_WINDOW_MS = 24 * 60 * 60_000;

/** The pg-boss job that deletes stale counter rows (src/server/jobs/index.ts). */
export const STALE_ATTEMPTS_JOB = 'delete-stale-attempts';

/**
 * A fixed-window counter per key in the database, shared by every app instance (decisions 015 and 026): one
 * atomic INSERT … ON CONFLICT … RETURNING on sign_in_attempts, which holds every counter, not only sign-in's;
 * a window older than windowMs starts again at 1. Keys are namespaced by their user (`ip:…` and `pair:…` for
 * sign-in, `limit:<name>:…` for the rate limits of http/rate-limit.ts).
 */
// Built once (db/prepared.ts): every booking hold and sign-in counts through it.
const countStatement = preparedStatement('glint_count_attempt', { failures: signInAttempts.failures }, (db) => {
  const cutoff = sql`${sql.placeholder('cutoff')}::timestamptz`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db
    .insert(signInAttempts)
    .values({ key: sql.placeholder('key'), failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        failures: sql`case when ${signInAttempts.windowStart} < ${cutoff} then 1 else ${signInAttempts.failures} + 1 end`,
        windowStart: sql`case when ${signInAttempts.windowStart} < ${cutoff} then ${now} else ${signInAttempts.windowStart} end`,
      },
    })
    .returning({ failures: signInAttempts.failures });
});

export async function countAttempt(ctx: AppContext, key: string, windowMs: number): Promise<number> {
  if (!(windowMs > 0 && windowMs <= MAX_WINDOW_MS)) throw new Error(`A counter window must be between 1 ms and ${MAX_WINDOW_MS} ms, not ${windowMs}`);
  const now = ctx.now();
  const [row] = await countStatement(ctx.db, { key, now: now.toISOString(), cutoff: new Date(now.getTime() - windowMs).toISOString() });
  return row!.failures;
}

/** The attempts a key has counted in the window that is still running (0 without one): a read, not an attempt. */
export async function readAttempts(ctx: AppContext, key: string, windowMs: number): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - windowMs);
  const [row] = await ctx.db.select({ failures: signInAttempts.failures, windowStart: signInAttempts.windowStart }).from(signInAttempts).where(eq(signInAttempts.key, key));
  return row && row.windowStart >= cutoff ? row.failures : 0;
}

/** Marks a counter locked until the given moment (the sign-in throttle's progressive lock). */
export async function lockCounter(ctx: AppContext, key: string, until: Date): Promise<void> {
  await ctx.db.update(signInAttempts).set({ lockedUntil: until }).where(eq(signInAttempts.key, key));
}

/** Forgets a counter and its lock (a successful sign-in clears its pair). */
export async function clearCounter(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/**
 * Deletes the counters whose window is long over (started more than MAX_WINDOW_MS ago) and that lock
 * nothing any more; run hourly by a job, so the table holds about a day of keys. Returns how many went.
 */
export async function deleteStaleAttempts(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const deleted = await ctx.db
    .delete(signInAttempts)
    .where(and(lt(signInAttempts.windowStart, new Date(now.getTime() - MAX_WINDOW_MS)), or(isNull(signInAttempts.lockedUntil), lt(signInAttempts.lockedUntil, now))))
    .returning({ key: signInAttempts.key });
  return deleted.length;
}

/** Erasure of a person: counters keyed by their e-mail (forgot-password's) are dropped. */
export async function forgetCountersMentioning(tx: DbOrTx, needles: readonly string[]): Promise<void> {
  const mentions = mentionsAny(signInAttempts.key, needles);
  if (mentions) await tx.delete(signInAttempts).where(mentions);
}
