import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookings, services, users } from '../../../db/schema';
import { listBookingViews } from '../../bookings';

export async function serviceCounts(db: DbOrTx) {
  const [row] = await db.select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${services.isActive})::int` }).from(services);
  return row!;
}

/**
 * Customer bookings only (not blocked time). Revenue is money received, net of refunds: bookings paid by
 * card (status 'paid'; a refunded one is 'refunded' and counts nothing) or through the store. Unpaid
 * phone appointments and pay-on-site jobs count once they are marked paid.
 */
export async function bookingTotals(db: DbOrTx) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${bookings.totalAmount}) filter (where ${bookings.paymentStatus} in ('paid', 'store')), 0)::numeric(12,2)::text`,
    })
    .from(bookings)
    .where(eq(bookings.isBlocked, false));
  return row!;
}

/** The same count as the Customers page: customer accounts that are not deleted. */
export async function customerCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(users)
    .where(and(isNull(users.deletedAt), eq(users.role, 'customer')));
  return row!.value;
}

export async function bookingsOnDay(db: DbOrTx, dateKey: string) {
  const page = await listBookingViews(db, {
    where: and(eq(bookings.businessDate, dateKey), eq(bookings.isBlocked, false), ne(bookings.status, 'cancelled')),
    page: 1,
    pageSize: 50,
    orderBy: [asc(bookings.scheduledDate)],
  });
  return page.items;
}
