import type { ErrorCode } from '../../shared/error-codes';
import { AppError } from '../errors';

/**
 * A fixed-window counter per key, in this process's memory. Good enough for one instance; with several
 * instances each enforces its own window (docs/decisions/003-rate-limits-in-memory.md).
 */
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for each key; throws 429 when any key is over its limit. */
  hit(keys: string[], message = TOO_MANY, code: ErrorCode = 'RATE_LIMITED'): void {
    let blocked = false;
    for (const key of keys) if (this.count(key) > this.limit) blocked = true;
    if (blocked) throw new AppError(code, message);
  }

  /** Throws 429 when a key is already at its limit, without counting this attempt. */
  check(keys: string[], message = TOO_MANY): void {
    const now = this.now();
    for (const key of keys) {
      const window = this.windows.get(key);
      if (window && window.resetAt > now && window.count >= this.limit) throw new AppError('RATE_LIMITED', message);
    }
  }

  /** Counts one attempt without refusing it (for failures counted after the fact). */
  record(keys: string[]): void {
    for (const key of keys) this.count(key);
  }

  private count(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (this.windows.size > 50_000) this.sweep(now);
    return window.count;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
