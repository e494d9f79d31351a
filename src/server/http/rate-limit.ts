import { AppError } from '../errors';

/**
 * A fixed-window counter per key, in this process's memory. Good enough for one instance; with several
 * instances each enforces its own window (docs/decisions/003-rate-limits-in-memory.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for each key; throws 429 when any key is over its limit. */
  hit(keys: string[], message = 'Too many attempts. Please wait a few minutes and try again.'): void {
    const now = this.now();
    let blocked = false;
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + this.windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > this.limit) blocked = true;
    }
    if (this.windows.size > 50_000) this.sweep(now);
    if (blocked) throw new AppError('RATE_LIMITED', message);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
