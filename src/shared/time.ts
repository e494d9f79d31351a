import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './constants';

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

/** Day of week (0 = Sunday) of a calendar date. */
export function dayOfWeek(dateKey: string): number {
  return new Date(`${dateKey}T12:00:00Z`).getUTCDay();
}

export function addDaysToKey(dateKey: string, days: number): string {
  const d = new Date(`${dateKey}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function minutesOfDay(time: string): number {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return hh * 60 + mm;
}

export function timeFromMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** '9:30 AM' style, for a HH:mm. */
export function formatTime12(time: string): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const suffix = hh >= 12 ? 'PM' : 'AM';
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return `${hour}:${pad(mm)} ${suffix}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
