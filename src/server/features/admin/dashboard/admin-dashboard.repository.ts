import { and, asc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookings, emailOutbox, services, users } from '../../../db/schema';
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

/**
 * Money received in [from, to), net of refunds: a booking paid by card or in the store counts at the moment it
 * was paid (its `payment_received` update; a booking without one, such as a store order, when it was made), so
 * a job paid ahead counts the day the money came, never the day of the job; a package counts when it was sold
 * by card, cash or check (complimentary is nothing received), less any refund.
 */
export async function receivedBetween(db: DbOrTx, from: Date, to: Date): Promise<string> {
  const result = await db.execute(sql`
    select (
      coalesce((
        select sum(b.total_amount)
        from bookings b
        left join lateral (
          select max(u.created_at) as at from booking_updates u where u.booking_id = b.id and u.kind = 'payment_received'
        ) paid on true
        where not b.is_blocked and b.payment_status in ('paid', 'store')
          and coalesce(paid.at, b.created_at) >= ${from} and coalesce(paid.at, b.created_at) < ${to}
      ), 0)
      + coalesce((
        select sum(p.purchase_price - coalesce(p.refunded_amount, 0))
        from package_purchases p
        where p.paid_by <> 'complimentary' and p.created_at >= ${from} and p.created_at < ${to}
      ), 0)
    )::numeric(12,2)::text as received`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as Array<{ received: string }>;
  return rows[0]!.received;
}

/**
 * What needs the owner: upcoming jobs (from now to `until`) without a driver that go to the customer (mobile
 * or pickup), jobs already done or under way that are still unpaid, and e-mails that failed in the last week.
 */
export async function attentionCounts(db: DbOrTx, now: Date, until: Date): Promise<{ unassigned: number; unpaid: number; failedMessages: number }> {
  const [jobs] = await db
    .select({
      unassigned: sql<number>`count(*) filter (where ${bookings.assignedDriverId} is null and ${bookings.serviceType} <> 'serviceLocation'
        and ${bookings.status} not in ('pending', 'cancelled', 'completed') and ${bookings.scheduledDate} >= ${now} and ${bookings.scheduledDate} < ${until})::int`,
      unpaid: sql<number>`count(*) filter (where ${bookings.paymentStatus} in ('unpaid', 'on_site', 'link_sent')
        and ${bookings.status} not in ('pending', 'cancelled') and ${bookings.scheduledDate} < ${now})::int`,
    })
    .from(bookings)
    .where(eq(bookings.isBlocked, false));
  const [mail] = await db
    .select({ failed: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'failed'), gte(emailOutbox.createdAt, new Date(now.getTime() - 7 * 86_400_000)), lt(emailOutbox.createdAt, until)));
  return { unassigned: jobs!.unassigned, unpaid: jobs!.unpaid, failedMessages: mail!.failed };
}
