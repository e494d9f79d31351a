import { and, eq, isNotNull, lte, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

const other = alias(bookings, 'other_booking');

/**
 * A checkout the customer went through again for the same service and time: a pending hold with a sibling
 * (same customer, service and start) that is a real booking or a newer hold. Only the sibling counts, so
 * the history never shows a "Not paid" copy of a paid booking, nor one checkout twice.
 */
export function supersededHoldSql(): SQL {
  return and(
    eq(bookings.status, 'pending'),
    sql`exists (select 1 from ${bookings} as ${other} where ${other.userId} = ${bookings.userId} and ${other.serviceId} = ${bookings.serviceId}
      and ${other.scheduledDate} = ${bookings.scheduledDate} and ${other.id} <> ${bookings.id} and ${other.status} <> 'cancelled'
      and (${other.status} <> 'pending' or ${other.createdAt} > ${bookings.createdAt}))`,
  )!;
}
