import { and, eq, isNotNull, lte, not, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema';

/**
 * The SQL twin of shared/booking-lifecycle.ts `holdIsLive`: a pending booking whose hold ran out. It holds
 * no capacity, shows in no history and counts as nobody's upcoming booking.
 */
export function holdLapsedSql(now: Date): SQL {
  return and(eq(bookings.status, 'pending'), isNotNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, now))!;
}

/**
 * An abandoned checkout: a hold that ended unpaid (released by the job, a declined card, or the customer).
 * Only holds carry holdExpiresAt while unpaid (payment clears it; the business's own bookings never set it).
 */
export function abandonedHoldSql(): SQL {
  return and(eq(bookings.status, 'cancelled'), eq(bookings.paymentStatus, 'unpaid'), isNotNull(bookings.holdExpiresAt))!;
}

/** Every booking except lapsed holds. */
export function notLapsedHoldSql(now: Date): SQL {
  return not(holdLapsedSql(now));
}
