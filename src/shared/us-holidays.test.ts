import { describe, expect, it } from 'vitest';
import { upcomingUsHolidays, usFederalHolidays } from './us-holidays';

describe('US federal holidays', () => {
  it('puts each of 2026 on its day', () => {
    expect(usFederalHolidays(2026)).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-01-19', name: 'Martin Luther King Jr. Day' },
      { date: '2026-02-16', name: "Washington's Birthday" },
      { date: '2026-05-25', name: 'Memorial Day' },
      { date: '2026-06-19', name: 'Juneteenth' },
      { date: '2026-07-04', name: 'Independence Day' },
      { date: '2026-09-07', name: 'Labor Day' },
      { date: '2026-10-12', name: 'Columbus Day' },
      { date: '2026-11-11', name: 'Veterans Day' },
      { date: '2026-11-26', name: 'Thanksgiving Day' },
      { date: '2026-12-25', name: 'Christmas Day' },
    ]);
  });

  it('finds the moving ones in other years (first-of-month weekday edge cases)', () => {
    const byName = (year: number) => Object.fromEntries(usFederalHolidays(year).map((h) => [h.name, h.date]));
    // 2024: May has five Mondays; September 1st is a Sunday.
    expect(byName(2024)).toMatchObject({ 'Memorial Day': '2024-05-27', 'Labor Day': '2024-09-02', 'Thanksgiving Day': '2024-11-28', 'Martin Luther King Jr. Day': '2024-01-15' });
    // 2027: November 1st is a Monday; Labor Day on the 6th.
    expect(byName(2027)).toMatchObject({ 'Thanksgiving Day': '2027-11-25', 'Labor Day': '2027-09-06', 'Columbus Day': '2027-10-11', 'Memorial Day': '2027-05-31' });
    // 2030: November 1st is a Friday, Thanksgiving as late as it gets is the 28th.
    expect(byName(2030)['Thanksgiving Day']).toBe('2030-11-28');
  });

  it('lists the coming year from today, soonest first, today included', () => {
    const upcoming = upcomingUsHolidays('2026-11-26');
    expect(upcoming[0]).toEqual({ date: '2026-11-26', name: 'Thanksgiving Day' });
    expect(upcoming[1]).toEqual({ date: '2026-12-25', name: 'Christmas Day' });
    // A year on: next Thanksgiving (the 25th) is in, next Christmas is not.
    expect(upcoming.at(-1)).toEqual({ date: '2027-11-25', name: 'Thanksgiving Day' });
    expect(upcoming).toHaveLength(12);
  });
});
