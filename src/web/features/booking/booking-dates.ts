import { addDaysToKey } from '@shared/date-keys';
import { todayKey } from '@web/components/slot-queries';

export { slotLabel, todayKey } from '@web/components/slot-queries';

/** Dates in the booking flow: 'today', 'tomorrow' or YYYY-MM-DD, always Pacific. */

export function resolveDate(value: string | undefined, now = Date.now()): string | undefined {
  if (!value) return undefined;
  if (value === 'today') return todayKey(now);
  if (value === 'tomorrow') return addDaysToKey(todayKey(now), 1);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

/** 'today' / 'tomorrow' / the date key, as the URL carries it. */
export function dateParam(dateKey: string, now = Date.now()): string {
  if (dateKey === todayKey(now)) return 'today';
  if (dateKey === addDaysToKey(todayKey(now), 1)) return 'tomorrow';
  return dateKey;
}


/** 'Tuesday, June 2nd, 2026' (en) or the language's long date, for a date key. */
export function longDate(dateKey: string, language: string): string {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d, 12));
  if (language === 'en') {
    const day = d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(date);
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(date);
    return `${weekday}, ${month} ${d}${day}, ${y}`;
  }
  return new Intl.DateTimeFormat(language, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * The booking's notes as the driver and the office read them, on the day or later: the date written out
 * ("Friday, December 4th, 2026 at 9:00 AM"), never "Tomorrow", and the address.
 */
export function checkoutNotes(search: { date?: string; time?: string; address?: string }, now = Date.now()): string {
  const day = resolveDate(search.date, now);
  const when = day && search.time ? `${longDate(day, 'en')} at ${search.time}` : '';
  return [when, search.address].filter(Boolean).join(' - ');
}
