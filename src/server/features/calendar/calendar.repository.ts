import { and, asc, count, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, bookingUpdates, calendarFeeds, users } from '../../db/schema';

export async function findFeed(db: DbOrTx, userId: string) {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

/** One feed per user: a new token replaces the old one, which stops working at once. */
export async function saveFeed(db: DbOrTx, userId: string, tokenHash: string, now: Date) {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } });
}

export async function deleteFeed(db: DbOrTx, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The active staff member a token belongs to (a disabled or deleted account, or a customer, has no feed). */
export async function feedOwner(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, fullName: users.fullName })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), inArray(users.role, ['driver', 'admin']), eq(users.isDisabled, false), sql`${users.deletedAt} is null`));
  return row;
}

/**
 * The jobs a feed shows, between two business days: customer bookings past the hold (pending holds are not
 * jobs yet); cancelled ones only if they were cancelled after being booked (an expired hold never was a job),
 * so calendars that already hold the event mark it cancelled. A driver's feed is their own jobs.
 */
export function feedWhere(options: { driverId: string | null; from: string; to: string }): SQL {
  const cancelledByAPerson = sql`exists (select 1 from ${bookingUpdates} where ${bookingUpdates.bookingId} = ${bookings.id} and ${bookingUpdates.kind} = 'cancelled')`;
  return and(
    eq(bookings.isBlocked, false),
    ne(bookings.status, 'pending'),
    or(ne(bookings.status, 'cancelled'), cancelledByAPerson),
    gte(bookings.businessDate, options.from),
    lte(bookings.businessDate, options.to),
    options.driverId ? eq(bookings.assignedDriverId, options.driverId) : undefined,
  )!;
}

/** How many times each booking was moved: its SEQUENCE. */
export async function rescheduleCounts(db: DbOrTx, bookingIds: string[]): Promise<Map<string, number>> {
  if (!bookingIds.length) return new Map();
  const rows = await db
    .select({ bookingId: bookingUpdates.bookingId, moves: count() })
    .from(bookingUpdates)
    .where(and(inArray(bookingUpdates.bookingId, bookingIds), eq(bookingUpdates.kind, 'rescheduled')))
    .groupBy(bookingUpdates.bookingId)
    .orderBy(asc(bookingUpdates.bookingId));
  return new Map(rows.map((r) => [r.bookingId, r.moves]));
}
