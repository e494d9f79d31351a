import type { ErrorCode } from '../../shared/error-codes';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { countAttempt } from './attempt-counter';

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
}

const names = new Set<string>();

/** Declares a limit once, at module level; a second limit with the same name is a programming error. */
export function rateLimit(spec: Pick<RateLimit, 'name' | 'limit' | 'windowMs'>): RateLimit {
  if (names.has(spec.name)) throw new Error(`Two rate limits are named '${spec.name}': they would share counters`);
  names.add(spec.name);
  return {
    ...spec,
    async hit(ctx, keys, message = TOO_MANY, code = 'RATE_LIMITED') {
      const limit = typeof spec.limit === 'number' ? spec.limit : spec.limit(ctx.config);
      let blocked = false;
      // Every key counts, even after one is over: each limit sees every attempt, as the in-memory one did.
      for (const key of keys) if ((await countAttempt(ctx, `limit:${spec.name}:${key}`, spec.windowMs)) > limit) blocked = true;
      if (blocked) throw new AppError(code, message);
    },
  };
}
