import { and, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { WeatherOfferState } from '../../../shared/schemas/messages';
import type { DbOrTx } from '../../db/client';
import { bookings, weatherOffers } from '../../db/schema';

/** Rain offers (issue 26): the messages feature is their only writer. */

export type WeatherOfferRow = typeof weatherOffers.$inferSelect;

/** Outdoor mobile jobs whose start falls in [from, until), confirmed, with a place, and never offered a move for the weather. */
export async function weatherCandidates(db: DbOrTx, from: Date, until: Date) {
  return db
    .select({
      id: bookings.id,
      serviceId: bookings.serviceId,
      serviceType: bookings.serviceType,
      coveredParking: bookings.coveredParking,
      scheduledDate: bookings.scheduledDate,
      businessDate: bookings.businessDate,
      durationMinutes: bookings.durationMinutes,
      latitude: bookings.latitude,
      longitude: bookings.longitude,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        eq(bookings.serviceType, 'mobile'),
        eq(bookings.isBlocked, false),
        or(isNull(bookings.coveredParking), eq(bookings.coveredParking, false)),
        sql`${bookings.scheduledDate} >= ${from.toISOString()} and ${bookings.scheduledDate} < ${until.toISOString()}`,
        sql`not exists (select 1 from ${weatherOffers} where ${weatherOffers.bookingId} = ${bookings.id})`,
      ),
    )
    .orderBy(bookings.scheduledDate)
    .limit(500);
}

/** Writes the offer once per booking and job day; answers the row written, or undefined when one was there. */
export async function insertWeatherOffer(
  db: DbOrTx,
  offer: { bookingId: string; jobDate: string; scheduledFor: Date; precipitationPercent: number; slotIds: string[] },
  now: Date,
): Promise<WeatherOfferRow | undefined> {
  const [row] = await db
    .insert(weatherOffers)
    .values({ ...offer, state: 'offered', createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The booking's latest offer. */
export async function latestWeatherOffer(db: DbOrTx, bookingId: string): Promise<WeatherOfferRow | undefined> {
  const [row] = await db.select().from(weatherOffers).where(eq(weatherOffers.bookingId, bookingId)).orderBy(desc(weatherOffers.createdAt)).limit(1);
  return row;
}

/** The offer, locked while it is answered (a double tap waits for the first). */
export async function lockWeatherOffer(tx: DbOrTx, id: string): Promise<WeatherOfferRow | undefined> {
  const [row] = await tx.select().from(weatherOffers).where(eq(weatherOffers.id, id)).for('update');
  return row;
}

export async function decideWeatherOffer(db: DbOrTx, id: string, state: WeatherOfferState, now: Date, movedTo: string | null = null): Promise<void> {
  await db.update(weatherOffers).set({ state, decidedAt: now, movedTo }).where(eq(weatherOffers.id, id));
}

/** New choices for an offer whose start was taken meanwhile. */
export async function replaceOfferedSlots(db: DbOrTx, id: string, slotIds: string[]): Promise<void> {
  await db.update(weatherOffers).set({ slotIds }).where(eq(weatherOffers.id, id));
}

/** Offers still open for a start that has come: nobody answered in time. */
export async function expireLapsedOffers(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(weatherOffers)
    .set({ state: 'expired', decidedAt: now })
    .where(and(eq(weatherOffers.state, 'offered'), lte(weatherOffers.scheduledFor, now)))
    .returning({ id: weatherOffers.id });
  return rows.length;
}

/**
 * The rain flag of each booking (the dispatch board): an offer open or kept for the time the booking still
 * has. A booking moved since (by the offer or otherwise) carries none.
 */
export async function weatherFlags(db: DbOrTx, bookingIds: readonly string[]): Promise<Map<string, { precipitationPercent: number; state: 'offered' | 'kept' }>> {
  if (!bookingIds.length) return new Map();
  const rows = await db
    .select({ bookingId: weatherOffers.bookingId, precipitationPercent: weatherOffers.precipitationPercent, state: weatherOffers.state })
    .from(weatherOffers)
    .innerJoin(bookings, and(eq(bookings.id, weatherOffers.bookingId), eq(bookings.scheduledDate, weatherOffers.scheduledFor)))
    .where(and(inArray(weatherOffers.bookingId, [...bookingIds]), inArray(weatherOffers.state, ['offered', 'kept']), ne(bookings.status, 'cancelled')));
  return new Map(rows.map((r) => [r.bookingId, { precipitationPercent: r.precipitationPercent, state: r.state as 'offered' | 'kept' }]));
}
