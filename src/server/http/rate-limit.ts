import type { ErrorCode } from '../../shared/error-codes';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { countAttempt, readAttempts } from './attempt-counter';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * A limit of attempts per key in a fixed window, counted in the database (http/attempt-counter.ts) so every
 * app instance enforces one limit (docs/decisions/026-all-rate-limits-in-database.md).
 */
export interface RateLimit {
  /** Namespaces this limit's counters: two limits never share one. */
  readonly name: string;
  /** Attempts allowed per key in one window; a function when the configuration sets it. */
  readonly limit: number | ((config: Config) => number);
  readonly windowMs: number;
  /** Counts one attempt for each key; throws 429 (or the given code) when any key is over the limit. */
  hit(ctx: AppContext, keys: string[], message?: string, code?: ErrorCode): Promise<void>;
  /** Whether the key is over the limit in its current window, without counting (a limit on failures only, checked first). */
  over(ctx: AppContext, key: string): Promise<boolean>;
}

const names = new Set<string>();

/** Declares a limit once, at module level; a second limit with the same name is a programming error. */
export function rateLimit(spec: Pick<RateLimit, 'name' | 'limit' | 'windowMs'>): RateLimit {
  if (names.has(spec.name)) throw new Error(`Two rate limits are named '${spec.name}': they would share counters`);
  names.add(spec.name);
  const limitOf = (ctx: AppContext) => (typeof spec.limit === 'number' ? spec.limit : spec.limit(ctx.config));
  return {
    ...spec,
    async hit(ctx, keys, message = TOO_MANY, code = 'RATE_LIMITED') {
      const limit = limitOf(ctx);
      let blocked = false;
      // Every key counts, even after one is over: each limit sees every attempt, as the in-memory one did.
      for (const key of keys) if ((await countAttempt(ctx, `limit:${spec.name}:${key}`, spec.windowMs)) > limit) blocked = true;
      if (blocked) throw new AppError(code, message);
    },
    async over(ctx, key) {
      return (await readAttempts(ctx, `limit:${spec.name}:${key}`, spec.windowMs)) >= limitOf(ctx);
    },
  };
}
