/**
 * The US federal holidays of a year, on their calendar day (the day a shop would close, not the weekday the
 * federal government observes when it falls on a weekend). Pure: the schedule suggests them as closures, and
 * nothing is closed until the owner adds one.
 */
export interface Holiday {
  /** YYYY-MM-DD */
  date: string;
  name: string;
}

const key = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The nth (1-based) given weekday (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): number {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, days)).getUTCDay();
  return days - ((last - weekday + 7) % 7);
}

export function usFederalHolidays(year: number): Holiday[] {
  const MONDAY = 1;
  const THURSDAY = 4;
  return [
    { date: key(year, 1, 1), name: "New Year's Day" },
    { date: key(year, 1, nthWeekday(year, 1, MONDAY, 3)), name: 'Martin Luther King Jr. Day' },
    { date: key(year, 2, nthWeekday(year, 2, MONDAY, 3)), name: "Washington's Birthday" },
    { date: key(year, 5, lastWeekday(year, 5, MONDAY)), name: 'Memorial Day' },
    { date: key(year, 6, 19), name: 'Juneteenth' },
    { date: key(year, 7, 4), name: 'Independence Day' },
    { date: key(year, 9, nthWeekday(year, 9, MONDAY, 1)), name: 'Labor Day' },
    { date: key(year, 10, nthWeekday(year, 10, MONDAY, 2)), name: 'Columbus Day' },
    { date: key(year, 11, 11), name: 'Veterans Day' },
    { date: key(year, 11, nthWeekday(year, 11, THURSDAY, 4)), name: 'Thanksgiving Day' },
    { date: key(year, 12, 25), name: 'Christmas Day' },
  ];
}

/** The federal holidays from `today` (YYYY-MM-DD) through the same day a year later, soonest first. */
export function upcomingUsHolidays(today: string): Holiday[] {
  const year = Number(today.slice(0, 4));
  const end = `${year + 1}${today.slice(4)}`;
  return [...usFederalHolidays(year), ...usFederalHolidays(year + 1)].filter((h) => h.date >= today && h.date < end);
}
