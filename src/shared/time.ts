import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './constants';
import { pad } from './date-keys';

// The calendar arithmetic without a time zone lives in date-keys.ts (no @date-fns/tz for the browser's first load).
export { addDaysToKey, dayOfWeek, formatTime12, minutesOfDay, timeFromMinutes } from './date-keys';

/** The YYYY-MM-DD of an instant in the business's time zone. */
export function pacificDateKey(instant: Date | number): string {
  const d = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), TIME_ZONE);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The HH:mm of an instant in the business's time zone. */
export function pacificTimeOfDay(instant: Date | number): string {
  const d = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), TIME_ZONE);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant at which the Pacific wall clock shows `time` on `dateKey` (DST-correct). */
export function pacificInstant(dateKey: string, time: string): Date {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, TIME_ZONE).getTime());
}

/** False for the wall-clock times skipped when clocks spring forward (02:00–02:59 on 2026-03-08). */
export function wallTimeExists(dateKey: string, time: string): boolean {
  const instant = pacificInstant(dateKey, time);
  return pacificDateKey(instant) === dateKey && pacificTimeOfDay(instant) === time;
}
