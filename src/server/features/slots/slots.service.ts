import type { SlotCandidate } from '../../../shared/slots';
import type { AppContext } from '../../context';
import type { JobChoice } from '../../../shared/booking-job';
import { jobMinutes, loadSlotDay, slotsOfDay } from '../bookings';
import { serviceFacts } from '../services';
import { AppError } from '../../errors';

/**
 * How long the job takes: every vehicle's service at its size plus its add-ons, as the hold will claim it
 * (decision 043); the service's own length for one sedan when no job is given.
 */
export async function jobLength(ctx: AppContext, serviceId: string, job: readonly JobChoice[] | undefined): Promise<number> {
  const service = (await serviceFacts(ctx)).get(serviceId);
  if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  if (!service.isActive) throw new AppError('SERVICE_UNAVAILABLE', 'This service is not available for booking');
  return jobMinutes(ctx, service, job?.length ? job : [{ sizeClass: 'sedan', addOnIds: [] }]);
}

/**
 * GET /api/services/:id/available-slots — only starts with room left. Served from this instance's
 * caches (the catalogue and the day), so a warm request makes no database round trip and a cold one
 * makes one; NOTIFY keeps them exact (docs/decisions/018). The capacity itself is the bookings feature's:
 * the same day view and slot maths its verbs claim with (decision 036).
 */
export async function availableSlots(ctx: AppContext, serviceId: string, dateKey: string, job?: readonly JobChoice[]): Promise<SlotCandidate[]> {
  return openStarts(ctx, dateKey, await jobLength(ctx, serviceId, job));
}

/** The starts of a day with room for a job of `durationMinutes` (the length the caller's server side worked out). */
export async function openStarts(ctx: AppContext, dateKey: string, durationMinutes: number): Promise<SlotCandidate[]> {
  const day = await ctx.caches.slotDays.get(dateKey, () => loadSlotDay(ctx.db, dateKey));
  const slots = slotsOfDay(day, { dateKey, durationMinutes, now: ctx.now() });
  return slots.filter((slot) => slot.availableCapacity > 0);
}
