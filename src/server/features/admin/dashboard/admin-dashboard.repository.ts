import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookings, services } from '../../../db/schema';
import { listBookingViews } from '../../bookings/bookings.repository';

export async function serviceCounts(db: DbOrTx) {
  const [row] = await db.select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${services.isActive})::int` }).from(services);
  return row!;
}

/** Customer bookings only (not blocked time). Revenue counts confirmed-and-later ones: not pending holds, not cancelled. */
export async function bookingTotals(db: DbOrTx) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${bookings.totalAmount}) filter (where ${bookings.status} not in ('pending', 'cancelled')), 0)::numeric(12,2)::text`,
      customers: sql<number>`count(distinct coalesce(${bookings.userId}::text, lower(${bookings.guestEmail})))::int`,
    })
    .from(bookings)
    .where(eq(bookings.isBlocked, false));
  return row!;
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
