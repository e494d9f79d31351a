import { addDaysToKey, dayOfWeek } from './time';

/**
 * A membership's standing appointment (decision 066) as calendar dates: Pacific YYYY-MM-DD keys, counted in
 * whole days, so the rhythm and the wall-clock time hold across a DST change.
 */

/** How far ahead the standing job books. */
export const STANDING_HORIZON_DAYS = 14;

/** The first date after `todayKey` that falls on `weekday` (0 = Sunday): a rhythm starts tomorrow at the earliest. */
export function firstStandingDate(todayKey: string, weekday: number): string {
  const tomorrow = addDaysToKey(todayKey, 1);
  return addDaysToKey(tomorrow, (weekday - dayOfWeek(tomorrow) + 7) % 7);
}

/** The dates of the rhythm (every `everyWeeks` weeks from `anchorKey`) from `fromKey` to `toKey`, both included. */
export function standingDates(anchorKey: string, everyWeeks: number, fromKey: string, toKey: string): string[] {
  const step = everyWeeks * 7;
  const daysFromAnchor = Math.round((Date.parse(`${fromKey}T12:00:00Z`) - Date.parse(`${anchorKey}T12:00:00Z`)) / 86_400_000);
  let date = addDaysToKey(anchorKey, Math.max(0, Math.ceil(daysFromAnchor / step)) * step);
  const dates: string[] = [];
  while (date <= toKey) {
    dates.push(date);
    date = addDaysToKey(date, step);
  }
  return dates;
}
