import type { SlotCandidate } from '../../../shared/slots';
import type { AppContext } from '../../context';
import { loadSlotDay, slotsOfDay } from '../bookings';
import { serviceFacts } from '../services';
import { AppError } from '../../errors';

/**
 * GET /api/services/:id/available-slots — only starts with room left. Served from this instance's
 * caches (the catalogue and the day), so a warm request makes no database round trip and a cold one
 * makes one; NOTIFY keeps them exact (docs/decisions/018). The capacity itself is the bookings feature's:
 * the same day view and slot maths its verbs claim with (decision 036).
 */
export async function availableSlots(ctx: AppContext, serviceId: string, dateKey: string): Promise<SlotCandidate[]> {
  const service = (await serviceFacts(ctx)).get(serviceId);
  if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  if (!service.isActive) throw new AppError('SERVICE_UNAVAILABLE', 'This service is not available for booking');
  const day = await ctx.caches.slotDays.get(dateKey, () => loadSlotDay(ctx.db, dateKey));
  const slots = slotsOfDay(day, { dateKey, durationMinutes: service.duration, now: ctx.now() });
  return slots.filter((slot) => slot.availableCapacity > 0);
}
