import { candidateSlots, earliestStartMinute, parseSlotId, type SlotCandidate } from '../../../shared/slots';
import { minutesOfDay, pacificDateKey, pacificInstant, pacificTimeOfDay } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './slot-day.repository';

/**
 * A slot's capacity is a fact about the bookings that occupy it, so the bookings feature enforces it: the
 * verbs that create or move a booking claim its time here, in their own transaction (decision 036). The
 * slots feature only lists what is left.
 */

export const SLOT_TAKEN_MESSAGE = 'That time was just taken. Please choose another time.';

/** The day's starts for a duration, with what is left of each; `respectNotice` false for staff. */
export async function slotsForDay(
  db: DbOrTx,
  options: { dateKey: string; durationMinutes: number; now: Date; excludeBookingId?: string; respectNotice?: boolean },
): Promise<SlotCandidate[]> {
  return slotsOfDay(await repo.loadDay(db, options.dateKey), options);
}

/** The slot maths over a loaded (or cached) day. */
export function slotsOfDay(
  day: repo.DayView,
  options: { dateKey: string; durationMinutes: number; now: Date; excludeBookingId?: string; respectNotice?: boolean },
): SlotCandidate[] {
  if (day.closed || !day.windows.length) return [];
  const todayKey = pacificDateKey(options.now);
  const nowMinute = minutesOfDay(pacificTimeOfDay(options.now));
  const earliest = options.respectNotice === false ? (options.dateKey < todayKey ? Number.POSITIVE_INFINITY : -1) : earliestStartMinute(options.dateKey, todayKey, nowMinute);
  return candidateSlots({
    dateKey: options.dateKey,
    windows: day.windows,
    occupants: repo.occupantsAt(day, options.now, options.excludeBookingId),
    durationMinutes: options.durationMinutes,
    earliestStartMinute: earliest,
  });
}

export interface CapacityClaim {
  /** The slot id from available-slots: `${dateKey}T${HH:mm}`. */
  slotId: string;
  durationMinutes: number;
  /** A booking being moved frees its own place first. */
  excludeBookingId?: string;
  /** Staff may book inside the minimum notice (never over capacity). */
  staff?: boolean;
}

export interface ClaimedTime {
  scheduledDate: Date;
  businessDate: string;
}

/**
 * Inside the caller's transaction: locks the business day, re-counts every step the booking would cover
 * and throws 409 SLOT_FULL when any is full (SLOT_INVALID when the slot is not a start of the day). The
 * insert or update that follows in the same transaction is therefore safe from concurrent requests.
 * Returns the start instant and the business date.
 */
export async function claimCapacity(tx: DbOrTx, now: Date, claim: CapacityClaim): Promise<ClaimedTime> {
  const parsed = parseSlotId(claim.slotId);
  if (!parsed) throw new AppError('SLOT_INVALID', 'Please select a valid time slot');
  await repo.lockBusinessDay(tx, parsed.dateKey);
  const slots = await slotsForDay(tx, {
    dateKey: parsed.dateKey,
    durationMinutes: claim.durationMinutes,
    now,
    excludeBookingId: claim.excludeBookingId,
    respectNotice: !claim.staff,
  });
  const slot = slots.find((s) => s.startTime === parsed.time);
  if (!slot) {
    throw new AppError('SLOT_INVALID', 'Invalid Time Slot - Please select a valid time slot for the current service and date.');
  }
  if (slot.availableCapacity <= 0) throw new AppError('SLOT_FULL', SLOT_TAKEN_MESSAGE);
  return { scheduledDate: pacificInstant(parsed.dateKey, parsed.time), businessDate: parsed.dateKey };
}

/**
 * The business's claim (staff rules: inside the notice too, never over capacity). Its "not a start of
 * this day" answer is reworded for the admin, who picks any hour on the grid rather than a listed slot.
 */
export async function claimStaffTime(tx: DbOrTx, now: Date, claim: Omit<CapacityClaim, 'staff'>): Promise<ClaimedTime> {
  try {
    return await claimCapacity(tx, now, { ...claim, staff: true });
  } catch (error) {
    if (error instanceof AppError && error.code === 'SLOT_INVALID') {
      const dateKey = parseSlotId(claim.slotId)?.dateKey;
      if (dateKey && (await repo.closureOn(tx, dateKey))) {
        throw new AppError('TIME_NOT_OPEN', 'This day is marked unavailable. Reopen it before booking time on it.', { day: 'closed' });
      }
      throw new AppError(
        'TIME_NOT_OPEN',
        'That time is not open for booking on this day. Choose a start inside the open hours, on the hour or half hour, with the whole duration before closing.',
      );
    }
    throw error;
  }
}
