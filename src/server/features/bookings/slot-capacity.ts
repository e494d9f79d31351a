import { candidateSlots, earliestStartMinute, parseSlotId, type SlotCandidate } from '../../../shared/slots';
import { minutesOfDay, pacificDateKey, pacificInstant, pacificTimeOfDay } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { blockReasonOf } from './blocked-time';
import { loadClaimDay, reachableMinutes, type ReachJob } from './reach-day';
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
 * What the owner's explicit override went past (decision 047): a full slot, a start outside the open hours,
 * or a day marked unavailable. Blocked time and the past are never overridden.
 */
export const OVERRIDE_REASONS = ['capacity', 'hours', 'closed'] as const;
export type OverrideReason = (typeof OVERRIDE_REASONS)[number];

/** A staff claim's time, and what an override went past to take it (absent when nothing was overridden). */
export interface StaffClaimedTime extends ClaimedTime {
  overridden?: OverrideReason;
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
  return claimedIn(await repo.loadDay(tx, parsed.dateKey), now, claim, parsed);
}

/**
 * A customer's claim (and a late payment's retaking its time): `claimCapacity`, then, on the same locked day, 409 SLOT_FULL in the same words when no
 * technician who does the service can be free for the job's whole length and drive there from their
 * previous job and on to the next in time (decision 055). Holds and jobs without a technician count as
 * needing one, so two customers racing for the last technician who can get there get one yes and one 409.
 * The day and its jobs are read in one round trip under the lock (loadClaimDay).
 */
export async function claimReachableTime(ctx: AppContext, tx: DbOrTx, now: Date, claim: CapacityClaim & { job: ReachJob }): Promise<ClaimedTime> {
  const parsed = parseSlotId(claim.slotId);
  if (!parsed) throw new AppError('SLOT_INVALID', 'Please select a valid time slot');
  await repo.lockBusinessDay(tx, parsed.dateKey);
  const { day, reach } = await loadClaimDay(tx, parsed.dateKey, ctx.config.business.location);
  const time = claimedIn(day, now, claim, parsed);
  if (!(await reachableMinutes(ctx, reach, claim.job, [minutesOfDay(parsed.time)], now)).length) throw new AppError('SLOT_FULL', SLOT_TAKEN_MESSAGE);
  return time;
}

/** The claim's answer on its loaded, locked day: the time, or why not. */
function claimedIn(day: repo.DayView, now: Date, claim: CapacityClaim, parsed: { dateKey: string; time: string }): ClaimedTime {
  const slots = slotsOfDay(day, {
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
 * The business's claim (staff rules: inside the notice too, never over capacity unless the owner confirms an
 * override). Its "not a start of this day" answer is reworded for the admin, who picks any hour on the grid
 * rather than a listed slot. A refusal the owner may override carries `params.overridable` (the reason); the
 * same request with `override` then takes the time anyway and says what it went past, for the history.
 */
export async function claimStaffTime(tx: DbOrTx, now: Date, claim: Omit<CapacityClaim, 'staff'> & { override?: boolean }): Promise<StaffClaimedTime> {
  const { override, ...capacityClaim } = claim;
  try {
    return await claimCapacity(tx, now, { ...capacityClaim, staff: true });
  } catch (error) {
    const slot = parseSlotId(claim.slotId);
    if (!(error instanceof AppError) || !slot) throw error;
    // Full because blocked time covers it: name the block, not a race the owner never had.
    const block = error.code === 'SLOT_FULL' || override ? await blockCovering(tx, now, { ...claim, dateKey: slot.dateKey, time: slot.time }) : null;
    if (block) throw new AppError('TIME_BLOCKED', `That time is blocked: ${block}. Choose another time, or edit the block first.`, { reason: block });
    const overridden = (reason: OverrideReason): StaffClaimedTime => ({ scheduledDate: pacificInstant(slot.dateKey, slot.time), businessDate: slot.dateKey, overridden: reason });
    if (error.code === 'SLOT_FULL') {
      if (override) return overridden('capacity');
      throw new AppError('SLOT_FULL', SLOT_TAKEN_MESSAGE, { overridable: 'capacity' });
    }
    if (error.code === 'SLOT_INVALID') {
      const today = pacificDateKey(now);
      if (slot.dateKey < today || (slot.dateKey === today && slot.time < pacificTimeOfDay(now))) {
        throw new AppError('TIME_NOT_OPEN', 'That time is in the past. Choose a time from now on.', { day: 'past' });
      }
      if (await repo.closureOn(tx, slot.dateKey)) {
        if (override) return overridden('closed');
        throw new AppError('TIME_NOT_OPEN', 'This day is marked unavailable. Reopen it before booking time on it.', { day: 'closed', overridable: 'closed' });
      }
      if (override) return overridden('hours');
      throw new AppError(
        'TIME_NOT_OPEN',
        'That time is not open for booking on this day. Choose a start inside the open hours, on the hour or half hour, with the whole duration before closing.',
        { overridable: 'hours' },
      );
    }
    throw error;
  }
}

/** The reason of a blocked time overlapping the claimed span ('Blocked time' when none was typed), or null. */
async function blockCovering(
  tx: DbOrTx,
  now: Date,
  claim: { dateKey: string; time: string; durationMinutes: number; excludeBookingId?: string },
): Promise<string | null> {
  const start = minutesOfDay(claim.time);
  const end = start + claim.durationMinutes;
  const day = await repo.loadDay(tx, claim.dateKey);
  const block = repo
    .occupantsAt(day, now, claim.excludeBookingId)
    .find((o) => o.blocked && o.startMinute < end && start < o.startMinute + o.durationMinutes);
  if (!block) return null;
  return blockReasonOf(await repo.notesOf(tx, block.bookingId)) || 'Blocked time';
}
