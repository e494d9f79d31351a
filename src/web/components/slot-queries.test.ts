import { describe, expect, it } from 'vitest';
import { pacificDateKey } from '@shared/time';
import { todayKey } from './slot-queries';

describe('todayKey', () => {
  it('is shared/time.ts pacificDateKey for every hour across both 2026 clock changes and the new year', () => {
    const starts = [Date.UTC(2026, 2, 7), Date.UTC(2026, 9, 31), Date.UTC(2026, 11, 30)];
    for (const start of starts) {
      for (let hour = 0; hour < 72; hour++) {
        for (const minute of [0, 59]) {
          const now = start + hour * 3_600_000 + minute * 60_000;
          expect(todayKey(now), new Date(now).toISOString()).toBe(pacificDateKey(now));
        }
      }
    }
  });

  it('turns at midnight in San Jose, not in UTC', () => {
    expect(todayKey(Date.parse('2026-06-02T06:59:00Z'))).toBe('2026-06-01');
    expect(todayKey(Date.parse('2026-06-02T07:00:00Z'))).toBe('2026-06-02');
  });
});
