import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { mentionsAny } from '../db/mentions';
import { idempotentRequests } from '../db/schema';
import { AppError } from '../errors';

/** How long a stored answer is replayed; older keys are forgotten (a new request with them runs again). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/**
 * Runs a create once per Idempotency-Key (scoped to the signed-in user and the route): the first request
 * claims the key and stores its answer; a repeat gets that answer again; a repeat that arrives while the
 * first is still running is refused with 409 REQUEST_IN_PROGRESS. Without the header the create just runs
 * (the route's natural keys still guard it). A failed first run frees the key so a retry can succeed.
 */
export async function idempotent<T>(ctx: AppContext, request: FastifyRequest, scope: string, run: () => Promise<T>): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return run();
  if (typeof header !== 'string' || header.length < 8 || header.length > 200) {
    throw new AppError('INVALID_INPUT', 'Idempotency-Key must be 8 to 200 characters', { field: 'idempotency-key' });
  }
  const key = `${request.session?.user.id ?? 'anonymous'}:${scope}:${header}`;
  const now = ctx.now();
  await ctx.db.delete(idempotentRequests).where(and(eq(idempotentRequests.key, key), lt(idempotentRequests.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const claimed = await ctx.db.insert(idempotentRequests).values({ key, createdAt: now }).onConflictDoNothing().returning({ key: idempotentRequests.key });
  if (!claimed.length) {
    const [row] = await ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
    if (row && row.status !== null) return row.response as T;
    throw new AppError('REQUEST_IN_PROGRESS', 'This request is already being processed. Wait a moment, then refresh.');
  }
  try {
    const result = await run();
    await ctx.db
      .update(idempotentRequests)
      .set({ status: 200, response: JSON.parse(JSON.stringify(result ?? null)) as unknown })
      .where(and(eq(idempotentRequests.key, key), isNull(idempotentRequests.status)));
    return result;
  } catch (error) {
    await ctx.db.delete(idempotentRequests).where(eq(idempotentRequests.key, key));
    throw error;
  }
}

/** Erasure of a person: stored answers that carry their e-mail or phone are forgotten (a repeat then runs again). */
export async function forgetAnswersMentioning(tx: DbOrTx, needles: readonly string[]): Promise<void> {
  const mentions = mentionsAny(idempotentRequests.response, needles);
  if (mentions) await tx.delete(idempotentRequests).where(mentions);
}
