import { addDaysToKey, pacificDateKey } from '../../../shared/time';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { JobChoice } from '../../../shared/booking-job';
import type { Point } from '../../../shared/travel';
import { jobLength, openStarts, type ReachOf } from './slots.service';

/** A calendar page is six weeks; two pages is as much as one request may ask about. */
export const MAX_AVAILABLE_DAYS_RANGE = 62;

/**
 * GET /api/services/:id/available-days — the days from `from` to `to` (inclusive, Pacific) on which the
 * service has at least one start with room left, for the customer's calendar (closed, full and past days
 * are left out) and for opening the booking on the first day that has a time. Each day comes from the same
 * NOTIFY-kept day cache as available-slots (docs/decisions/018), so the calendar and the slot list agree.
 */
export async function availableDays(ctx: AppContext, serviceId: string, from: string, to: string, job?: readonly JobChoice[], point: Point | null = null): Promise<string[]> {
  assertRange(from, to);
  return openDays(ctx, from, to, await jobLength(ctx, serviceId, job), { serviceId, point });
}

function assertRange(from: string, to: string): void {
  if (to < from) throw new AppError('INVALID_INPUT', 'to must be on or after from', { field: 'to' });
  if (addDaysToKey(from, MAX_AVAILABLE_DAYS_RANGE - 1) < to) throw new AppError('INVALID_INPUT', `Ask for at most ${MAX_AVAILABLE_DAYS_RANGE} days at once`, { field: 'to' });
}

/**
 * The days of `from`..`to` with a start that has room for a job of `durationMinutes` (the caller worked it
 * out); with `reach`, a start a technician can get to.
 */
export async function openDays(ctx: AppContext, from: string, to: string, durationMinutes: number, reach?: ReachOf): Promise<string[]> {
  assertRange(from, to);
  const today = pacificDateKey(ctx.now());
  const first = from < today ? today : from;
  const days: string[] = [];
  for (let dateKey = first; dateKey <= to; dateKey = addDaysToKey(dateKey, 1)) days.push(dateKey);
  const open = await Promise.all(days.map(async (dateKey) => (await openStarts(ctx, dateKey, durationMinutes, reach)).length > 0));
  return days.filter((_, i) => open[i]);
}
