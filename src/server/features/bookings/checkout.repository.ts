import { and, asc, eq, ne, sql } from 'drizzle-orm';
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
 * The live (unexpired, unpaid) checkout holds of a visitor, and of a guest network when given, read after taking
 * their locks: the locks serialise the checkouts of one visitor (and of one guest network) until the transaction
 * ends, so two concurrent holds cannot both find room under the limit. Only the hold takes these locks, always
 * before the day's capacity lock. Locks and read are one call (migration 0038, decision 077): one round trip.
 */
export async function lockedLiveHoldsOf(tx: DbOrTx, visitor: { holder: string; network: string | null }, now: Date): Promise<LiveHold[]> {
  const keys = (visitor.network ? [visitor.holder, visitor.network] : [visitor.holder]).map((key) => `glint-holder:${key}`);
  const result = await tx.execute(sql`select id, service_id, holder, holder_network from glint_lock_visitor_live_holds(${sql.param(keys)}::text[], ${visitor.holder}, ${visitor.network}, ${now.toISOString()}::timestamptz)`);
  const rows = ((result as unknown as { rows?: LiveHoldRow[] }).rows ?? (result as unknown as LiveHoldRow[]));
  return rows.map((row) => ({ id: row.id, serviceId: row.service_id, holder: row.holder, holderNetwork: row.holder_network }));
}

interface LiveHoldRow {
  id: string;
  service_id: string;
  holder: string | null;
  holder_network: string | null;
}

export interface LiveHold {
  id: string;
  serviceId: string;
  holder: string | null;
  holderNetwork: string | null;
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
