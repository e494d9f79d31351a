import { formatAddress } from './address';
import { CANCEL_NOTICE_HOURS } from './constants';
import type { BookingStatus } from './domain';

/**
 * The self-service rule the Help page promises: a customer may cancel or reschedule a booking that has not
 * started, up to 24 hours before its start. Exactly 24 hours before is still allowed.
 */
export const SELF_SERVICE_STATUSES: ReadonlySet<BookingStatus> = new Set(['pending', 'confirmed', 'pickup_scheduled']);

export type SelfServiceBlock = 'status' | 'too_late';

/** The last instant the booking can still be changed by the customer. */
export function changeDeadline(scheduledDate: Date | string): Date {
  return new Date(new Date(scheduledDate).getTime() - CANCEL_NOTICE_HOURS * 3600_000);
}

/** Why the customer may not change the booking now, or null when they may. */
export function selfServiceBlock(booking: { status: BookingStatus; scheduledDate: Date | string }, now: Date): SelfServiceBlock | null {
  if (!SELF_SERVICE_STATUSES.has(booking.status)) return 'status';
  if (now.getTime() > changeDeadline(booking.scheduledDate).getTime()) return 'too_late';
  return null;
}

/** Statuses in which a booking shows Track Order in the order history (under way, not finished). */
export function isTrackable(status: BookingStatus): boolean {
  return status !== 'pending' && status !== 'completed' && status !== 'cancelled';
}

/** The start page's search that books the same service again, at the same address (none for the shop). */
export function bookAgainHref(booking: { serviceId: string; serviceType: string; address: { street: string; city: string; state: string; zipCode: string } | null }): string {
  const address = booking.serviceType === 'serviceLocation' || !booking.address ? '' : formatAddress(booking.address);
  return `/?${new URLSearchParams({ serviceId: booking.serviceId, serviceType: booking.serviceType, address }).toString()}`;
}
