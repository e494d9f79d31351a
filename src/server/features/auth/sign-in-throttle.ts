import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { signInAttempts } from '../../db/schema';
import { AppError } from '../../errors';
import { clearCounter, countAttempt as count, lockCounter } from '../../http/attempt-counter';

/**
 * Sign-in throttling kept in the database, so every app instance enforces one limit
 * (docs/decisions/015-sign-in-throttle-in-database.md, replacing 003 for sign-in):
 * - per (account, IP) only failures count: FREE_FAILURES are free, then each failure locks that pair for a
 *   progressively longer time (1, 2, 4, 8 … minutes, at most 15). A stranger elsewhere locks only their own
 *   pair, never the owner signing in from their own device. A success clears the pair.
 * - per IP every attempt counts (the configured limit per 15 minutes), bounding guessing across accounts.
 */
export const FREE_FAILURES = 5;
export const MAX_LOCK_MINUTES = 15;
/** Failures older than this are forgotten. */
export const FAILURE_WINDOW_MS = 60 * 60_000;
const IP_WINDOW_MS = 15 * 60_000;

/** Minutes a pair is locked after its nth failure (0 while still free). */
export function lockMinutes(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_MINUTES, 2 ** (failures - FREE_FAILURES));
}

const pairKey = (email: string, ip: string) => `pair:${email.trim().toLowerCase()}|${ip}`;

/** Before any work: every attempt from an IP counts; a locked (account, IP) pair is refused and told for how long. */
export async function beforeSignIn(ctx: AppContext, email: string, ip: string): Promise<void> {
  const perIp = await count(ctx, `ip:${ip}`, IP_WINDOW_MS);
  if (perIp > ctx.config.authRateLimitPerIp) throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
  const [pair] = await ctx.db.select({ lockedUntil: signInAttempts.lockedUntil }).from(signInAttempts).where(eq(signInAttempts.key, pairKey(email, ip)));
  const left = pair?.lockedUntil ? pair.lockedUntil.getTime() - ctx.now().getTime() : 0;
  if (left > 0) {
    const minutes = Math.max(1, Math.ceil(left / 60_000));
    throw new AppError('SIGN_IN_LOCKED', `Too many attempts: sign-in is locked for ${minutes} minute${minutes === 1 ? '' : 's'} after several wrong passwords. Try again then, or reset your password.`, {
      minutes,
    });
  }
}

/** A wrong password: counts for the pair and locks it progressively once the free failures are used. */
export async function signInFailed(ctx: AppContext, email: string, ip: string): Promise<void> {
  const key = pairKey(email, ip);
  const failures = await count(ctx, key, FAILURE_WINDOW_MS);
  const minutes = lockMinutes(failures);
  if (minutes) await lockCounter(ctx, key, new Date(ctx.now().getTime() + minutes * 60_000));
}

/** A successful sign-in clears its pair. */
export async function signInSucceeded(ctx: AppContext, email: string, ip: string): Promise<void> {
  await clearCounter(ctx, pairKey(email, ip));
}
