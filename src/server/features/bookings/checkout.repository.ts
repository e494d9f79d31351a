import { and, asc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { holdLapsedSql } from './hold-sql';

/** Reads of booking checkout (the writes are lifecycle.ts verbs). */

export type BookingRow = typeof bookings.$inferSelect;

export async function findBooking(db: DbOrTx, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export async function findBookingByIdempotencyKey(db: DbOrTx, key: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
  return row;
}

/**
 * Serialises the checkouts of one visitor (and of one guest network) until the transaction ends, so two
 * concurrent holds cannot both find room under the limit. Only the hold takes these locks, always before
 * the day's capacity lock.
 */
export async function lockHolders(tx: DbOrTx, keys: readonly string[]): Promise<void> {
  await tx.execute(sql`select ${sql.join(keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${`glint-holder:${key}`}))`), sql`, `)}`);
}

/** The live (unexpired, unpaid) checkout holds of a visitor, and of a guest network when given. */
export async function liveHoldsOf(tx: DbOrTx, holder: { holder: string; network: string | null }, now: Date) {
  const whose = holder.network ? or(eq(bookings.holder, holder.holder), eq(bookings.holderNetwork, holder.network)) : eq(bookings.holder, holder.holder);
  return tx
    .select({ id: bookings.id, serviceId: bookings.serviceId, holder: bookings.holder, holderNetwork: bookings.holderNetwork })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), ne(bookings.paymentStatus, 'paid'), gt(bookings.holdExpiresAt, now), whose));
}

/** Pending bookings whose hold ran out and that nobody paid for. */
export async function expiredHoldIds(db: DbOrTx, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(holdLapsedSql(now), ne(bookings.paymentStatus, 'paid')))
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
