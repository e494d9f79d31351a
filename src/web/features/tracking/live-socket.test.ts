import { describe, expect, it } from 'vitest';
import { backoffMs } from './live-socket';

describe('live socket backoff', () => {
  it('doubles from one second up to thirty, with ±25% jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffMs(attempt, 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffMs(2, 0)).toBe(3000);
    expect(backoffMs(2, 1)).toBe(5000);
  });
});
