import { describe, expect, it } from 'vitest';
import { firstStandingDate, standingDates } from './standing';

describe('standing appointment dates', () => {
  it('starts on the first chosen weekday after today', () => {
    // 2026-03-02 is a Monday.
    expect(firstStandingDate('2026-03-02', 1)).toBe('2026-03-09');
    expect(firstStandingDate('2026-03-02', 2)).toBe('2026-03-03');
    expect(firstStandingDate('2026-03-02', 0)).toBe('2026-03-08');
  });

  it('falls every Nth week from the anchor, across the spring DST change, in the window only', () => {
    expect(standingDates('2026-03-03', 2, '2026-03-01', '2026-04-01')).toEqual(['2026-03-03', '2026-03-17', '2026-03-31']);
    expect(standingDates('2026-03-03', 2, '2026-03-04', '2026-03-17')).toEqual(['2026-03-17']);
    expect(standingDates('2026-03-03', 3, '2026-03-25', '2026-04-13')).toEqual([]);
    expect(standingDates('2026-03-03', 3, '2026-03-25', '2026-04-14')).toEqual(['2026-04-14']);
    expect(standingDates('2026-10-27', 1, '2026-10-28', '2026-11-10')).toEqual(['2026-11-03', '2026-11-10']);
  });
});
