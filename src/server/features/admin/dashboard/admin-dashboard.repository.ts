import { and, asc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookings, emailOutbox, services, users } from '../../../db/schema';
import { fromCents } from '../../../../shared/money';
import { revenueCentsOfRow } from '../../../db/revenue';
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

/**
 * Money received in [from, to), net of refunds: a booking's ledger rows by the one revenue rule (decision 049),
 * each when it was recorded — so a job paid ahead counts the day the money came, never the day of the job —
 * and a package when it was sold by card, cash or check (complimentary is nothing received), less any refund.
 */
export async function receivedBetween(db: DbOrTx, from: Date, to: Date): Promise<string> {
  const result = await db.execute(sql`
    select (
      coalesce((
        select sum(${revenueCentsOfRow('bp')}) / 100.0
        from booking_payments bp
        where bp.created_at >= ${from} and bp.created_at < ${to}
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
