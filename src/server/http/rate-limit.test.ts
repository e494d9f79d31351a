import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAttempts } from '../db/schema';
import { AppError } from '../errors';
import { createTestApp, type TestApp } from '../test/harness';
import { countAttempt, deleteStaleAttempts, MAX_WINDOW_MS } from './attempt-counter';
import { rateLimit } from './rate-limit';

/** The rate limits count in the app's database on the app's clock (decision 026). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: Date.parse('2026-06-01T16:00:00Z') });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const refusal = async (attempt: Promise<void>) => {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, status: error.status, message: error.message };
};
const counterOf = async (key: string) => (await t.ctx.db.select({ failures: signInAttempts.failures }).from(signInAttempts).where(eq(signInAttempts.key, key)))[0]?.failures;

describe('rateLimit', () => {
  it('lets the limit through, refuses the next attempt with 429 and the default words, and counts in the database', async () => {
    const threePerMinute = rateLimit({ name: 'test-three', limit: 3, windowMs: MINUTE });
    for (let i = 0; i < 3; i++) await threePerMinute.hit(t.ctx, ['ip:192.0.2.1']);
    expect(await refusal(threePerMinute.hit(t.ctx, ['ip:192.0.2.1']))).toEqual({
      code: 'RATE_LIMITED',
      status: 429,
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect(await counterOf('limit:test-three:ip:192.0.2.1')).toBe(4);
    // Another key has its own counter.
    await threePerMinute.hit(t.ctx, ['ip:192.0.2.2']);
  });

  it('tells whether a key is over its limit without counting, until its window ends', async () => {
    const twoFailures = rateLimit({ name: 'test-over', limit: 2, windowMs: MINUTE });
    expect(await twoFailures.over(t.ctx, 'ip:192.0.2.9')).toBe(false);
    await twoFailures.hit(t.ctx, ['ip:192.0.2.9']);
    expect(await twoFailures.over(t.ctx, 'ip:192.0.2.9')).toBe(false);
    await twoFailures.hit(t.ctx, ['ip:192.0.2.9']);
    expect(await twoFailures.over(t.ctx, 'ip:192.0.2.9')).toBe(true);
    expect(await counterOf('limit:test-over:ip:192.0.2.9')).toBe(2);
    t.clock.advance(MINUTE + 1);
    expect(await twoFailures.over(t.ctx, 'ip:192.0.2.9')).toBe(false);
  });

  it('answers with the caller’s message and code', async () => {
    const once = rateLimit({ name: 'test-once', limit: 1, windowMs: MINUTE });
    await once.hit(t.ctx, ['k'], 'Slow down.', 'ADDRESS_SEARCH_RATE_LIMITED');
    expect(await refusal(once.hit(t.ctx, ['k'], 'Slow down.', 'ADDRESS_SEARCH_RATE_LIMITED'))).toEqual({ code: 'ADDRESS_SEARCH_RATE_LIMITED', status: 429, message: 'Slow down.' });
  });

  it('keeps two limits’ counters apart for the same key', async () => {
    const first = rateLimit({ name: 'test-apart-a', limit: 1, windowMs: MINUTE });
    const second = rateLimit({ name: 'test-apart-b', limit: 1, windowMs: MINUTE });
    await first.hit(t.ctx, ['ip:192.0.2.3']);
    await second.hit(t.ctx, ['ip:192.0.2.3']);
    expect((await refusal(first.hit(t.ctx, ['ip:192.0.2.3']))).status).toBe(429);
  });

  it('counts every key of an attempt and refuses when any one is over', async () => {
    const twice = rateLimit({ name: 'test-keys', limit: 2, windowMs: MINUTE });
    await twice.hit(t.ctx, ['ip:192.0.2.4']);
    await twice.hit(t.ctx, ['ip:192.0.2.4']);
    expect((await refusal(twice.hit(t.ctx, ['ip:192.0.2.4', 'account:fresh']))).status).toBe(429);
    expect(await counterOf('limit:test-keys:account:fresh')).toBe(1);
  });

  it('reads a limit from the configuration', async () => {
    const configured = rateLimit({ name: 'test-configured', limit: (config) => config.analyticsRateLimitPerIp, windowMs: MINUTE });
    for (let i = 0; i < t.config.analyticsRateLimitPerIp; i++) await configured.hit(t.ctx, ['k']);
    expect((await refusal(configured.hit(t.ctx, ['k']))).status).toBe(429);
  });

  it('starts a new window once the window has passed on the app’s clock', async () => {
    const start = t.clock.now;
    const perTenMinutes = rateLimit({ name: 'test-window', limit: 1, windowMs: 10 * MINUTE });
    try {
      await perTenMinutes.hit(t.ctx, ['k']);
      t.clock.advance(9 * MINUTE);
      expect((await refusal(perTenMinutes.hit(t.ctx, ['k']))).status).toBe(429);
      t.clock.advance(MINUTE + 1);
      await perTenMinutes.hit(t.ctx, ['k']);
      expect(await counterOf('limit:test-window:k')).toBe(1);
    } finally {
      t.clock.now = start;
    }
  });

  it('refuses a second limit with a name already taken, and a window longer than a day', async () => {
    rateLimit({ name: 'test-taken', limit: 1, windowMs: MINUTE });
    expect(() => rateLimit({ name: 'test-taken', limit: 5, windowMs: MINUTE })).toThrow(/named 'test-taken'/);
    const tooLong = rateLimit({ name: 'test-too-long', limit: 1, windowMs: MAX_WINDOW_MS + 1 });
    await expect(tooLong.hit(t.ctx, ['k'])).rejects.toThrow(/counter window/);
  });
});

describe('deleteStaleAttempts', () => {
  it('deletes counters whose window started over a day ago, keeping recent ones and pairs still locked', async () => {
    const start = t.clock.now;
    try {
      await countAttempt(t.ctx, 'stale:old', 15 * MINUTE);
      await countAttempt(t.ctx, 'stale:old-unlocked', 15 * MINUTE);
      await countAttempt(t.ctx, 'stale:old-locked', 15 * MINUTE);
      t.clock.advance(MAX_WINDOW_MS + MINUTE);
      const now = t.clock.now;
      await t.ctx.db.update(signInAttempts).set({ lockedUntil: new Date(now - MINUTE) }).where(eq(signInAttempts.key, 'stale:old-unlocked'));
      await t.ctx.db.update(signInAttempts).set({ lockedUntil: new Date(now + MINUTE) }).where(eq(signInAttempts.key, 'stale:old-locked'));
      await countAttempt(t.ctx, 'stale:recent', 15 * MINUTE);

      expect(await deleteStaleAttempts(t.ctx)).toBeGreaterThanOrEqual(2);
      const left = await t.ctx.db.select({ key: signInAttempts.key }).from(signInAttempts).where(like(signInAttempts.key, 'stale:%'));
      expect(left.map((row) => row.key).sort()).toEqual(['stale:old-locked', 'stale:recent']);
      // A deleted counter simply starts again.
      expect(await countAttempt(t.ctx, 'stale:old', 15 * MINUTE)).toBe(1);
    } finally {
      t.clock.now = start;
    }
  });
});
