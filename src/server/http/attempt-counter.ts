import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { signInAttempts } from '../db/schema';

/**
 * A fixed-window counter per key in the database, shared by every app instance (decision 015): one atomic
 * INSERT … ON CONFLICT … RETURNING; a window older than windowMs starts again at 1. Keys are namespaced by
 * their user (`ip:…` and `pair:…` for sign-in, `order-lookup:ip:…` for store order lookups).
 */
export async function countAttempt(ctx: AppContext, key: string, windowMs: number): Promise<number> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const [row] = await ctx.db
    .insert(signInAttempts)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        failures: sql`case when ${signInAttempts.windowStart} < ${cutoff}::timestamptz then 1 else ${signInAttempts.failures} + 1 end`,
        windowStart: sql`case when ${signInAttempts.windowStart} < ${cutoff}::timestamptz then ${now.toISOString()}::timestamptz else ${signInAttempts.windowStart} end`,
      },
    })
    .returning({ failures: signInAttempts.failures });
  return row!.failures;
}
