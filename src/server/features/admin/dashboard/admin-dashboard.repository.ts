import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookings, services, users } from '../../../db/schema';
import { fromCents } from '../../../../shared/money';
import { listBookingViews, revenueCents } from '../../bookings';

export async function serviceCounts(db: DbOrTx) {
  const [row] = await db.select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${services.isActive})::int` }).from(services);
  return row!;
}

/**
 * Customer bookings only (not blocked time), and revenue: money received net of refunds, summed from the
 * ledger (decision 049) — card payments, the store's, cash and card-reader payments collected on site, tips
 * and fees, less refunds. An unpaid phone appointment or pay-on-site job counts once its payment is recorded.
 */
export async function bookingTotals(db: DbOrTx) {
  const [[row], cents] = await Promise.all([
    db.select({ total: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.isBlocked, false)),
    revenueCents(db),
  ]);
  return { total: row!.total, revenue: fromCents(cents) };
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
