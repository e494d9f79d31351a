import type { SlotCandidate } from '../../../shared/slots';
import type { Point } from '../../../shared/travel';
import { minutesOfDay } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { JobChoice } from '../../../shared/booking-job';
import { jobMinutes, loadReachDay, loadSlotDay, reachableMinutes, slotsOfDay } from '../bookings';
import { findOwnAddressCoordinates } from '../addresses';
import { pointOf } from '../technicians';
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

/** Where the job is asked about: typed coordinates, or a saved address of the signed-in customer. */
export interface SlotPlace {
  lat?: number;
  lng?: number;
  addressId?: string;
}

/**
 * The point the starts must be reachable at (null: at the business, or no place given). A saved address is
 * the signed-in customer's own: anyone else's, or any without a session, is 404 like an unknown one.
 */
export async function pointOfPlace(ctx: AppContext, userId: string | undefined, place: SlotPlace): Promise<Point | null> {
  if (place.addressId) {
    const coordinates = userId ? await findOwnAddressCoordinates(ctx.db, userId, place.addressId) : undefined;
    if (!coordinates) throw new AppError('ADDRESS_NOT_FOUND', 'Address not found');
    return pointOf(coordinates.latitude, coordinates.longitude);
  }
  if (place.lat !== undefined && place.lng !== undefined) return { latitude: place.lat, longitude: place.lng };
  return null;
}

/**
 * GET /api/services/:id/available-slots — only starts with room left that a technician who does the service
 * can get to (decision 055). Served from this instance's caches (the catalogue, the day and its technicians),
 * so a warm request makes no database round trip and a cold one makes a few; NOTIFY keeps them exact
 * (docs/decisions/018). The capacity itself is the bookings feature's: the same day view and slot maths its
 * verbs claim with (decision 036), and the same reachability rule.
 */
export async function availableSlots(ctx: AppContext, serviceId: string, dateKey: string, job?: readonly JobChoice[], point: Point | null = null): Promise<SlotCandidate[]> {
  return openStarts(ctx, dateKey, await jobLength(ctx, serviceId, job), { serviceId, point });
}

/** Who must be able to get to the job: its service and its place (null: at the business). */
export interface ReachOf {
  serviceId: string;
  point: Point | null;
}

/**
 * The starts of a day with room for a job of `durationMinutes` (the length the caller's server side worked
 * out); with `reach`, only those a technician can get to.
 */
export async function openStarts(ctx: AppContext, dateKey: string, durationMinutes: number, reach?: ReachOf): Promise<SlotCandidate[]> {
  const now = ctx.now();
  const day = await ctx.caches.slotDays.get(dateKey, () => loadSlotDay(ctx.db, dateKey));
  const open = slotsOfDay(day, { dateKey, durationMinutes, now }).filter((slot) => slot.availableCapacity > 0);
  if (!reach || !open.length) return open;
  const people = await ctx.caches.reachDays.get(dateKey, () => loadReachDay(ctx.db, dateKey, ctx.config.business.location));
  const reachable = new Set(await reachableMinutes(ctx, people, { ...reach, durationMinutes }, open.map((slot) => minutesOfDay(slot.startTime)), now));
  return open.filter((slot) => reachable.has(minutesOfDay(slot.startTime)));
}
