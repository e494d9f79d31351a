import { formatAddress } from './address';
import { CANCEL_NOTICE_HOURS, ONLINE_CANCEL_CUTOFF_HOURS } from './constants';
import type { BookingStatus } from './domain';

/**
 * The self-service rule: a customer may reschedule a booking that has not started up to 24 hours before its
 * start (exactly 24 hours before is still allowed), and cancel it up to 2 hours before (decision 066; inside the
 * free-cancellation window the policy's fee is shown and confirmed first).
 */
export const SELF_SERVICE_STATUSES: ReadonlySet<BookingStatus> = new Set(['pending', 'confirmed', 'pickup_scheduled']);

export type SelfServiceBlock = 'status' | 'too_late';

export type SelfServiceAction = 'reschedule' | 'cancel';

/** How many hours before the start the customer may still do it online. */
export const selfServiceHours = (action: SelfServiceAction): number => (action === 'cancel' ? ONLINE_CANCEL_CUTOFF_HOURS : CANCEL_NOTICE_HOURS);

/** The last instant the customer can still reschedule (or, with 'cancel', cancel) the booking. */
export function changeDeadline(scheduledDate: Date | string, action: SelfServiceAction = 'reschedule'): Date {
  return new Date(new Date(scheduledDate).getTime() - selfServiceHours(action) * 3600_000);
}

/** Why the customer may not reschedule (or, with 'cancel', cancel) the booking now, or null when they may. */
export function selfServiceBlock(booking: { status: BookingStatus; scheduledDate: Date | string }, now: Date, action: SelfServiceAction = 'reschedule'): SelfServiceBlock | null {
  if (!SELF_SERVICE_STATUSES.has(booking.status)) return 'status';
  if (now.getTime() > changeDeadline(booking.scheduledDate, action).getTime()) return 'too_late';
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
