import { candidateSlots, earliestStartMinute, parseSlotId, type SlotCandidate } from '../../../shared/slots';
import { minutesOfDay, pacificDateKey, pacificInstant, pacificTimeOfDay } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { serviceFacts } from '../services';
import { AppError } from '../../errors';
import * as repo from './slots.repository';

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

/**
 * GET /api/services/:id/available-slots — only starts with room left. Served from this instance's
 * caches (the catalogue and the day), so a warm request makes no database round trip and a cold one
 * makes one; NOTIFY keeps them exact (docs/decisions/018).
 */
export async function availableSlots(ctx: AppContext, serviceId: string, dateKey: string): Promise<SlotCandidate[]> {
  const service = (await serviceFacts(ctx)).get(serviceId);
  if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  if (!service.isActive) throw new AppError('SERVICE_UNAVAILABLE', 'This service is not available for booking');
  const day = await ctx.caches.slotDays.get(dateKey, () => repo.loadDay(ctx.db, dateKey));
  const slots = slotsOfDay(day, { dateKey, durationMinutes: service.duration, now: ctx.now() });
  return slots.filter((slot) => slot.availableCapacity > 0);
}

export interface CapacityClaim {
  /** The slot id from available-slots: `${dateKey}T${HH:mm}`. */
  slotId: string;
  durationMinutes: number;
  /** A booking being moved frees its own place first. */
  excludeBookingId?: string;
  /** Staff may book inside the minimum notice and outside the listed starts (never over capacity). */
  staff?: boolean;
}

/**
 * Inside the caller's transaction: locks the business day, re-counts every step the booking would cover
 * and throws 409 SLOT_FULL when any is full. The insert or update that follows in the same transaction is
 * therefore safe from concurrent requests. Returns the start instant and the business date.
 */
export async function claimCapacity(tx: DbOrTx, now: Date, claim: CapacityClaim): Promise<{ scheduledDate: Date; businessDate: string }> {
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

