import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, driverLocations, users } from '../../db/schema';
import type { DriverLocationView } from '../../../shared/schemas/tracking';
import type { LatLng } from '../../../shared/tracking';

/** The few booking fields access checks and ETAs need (no personal data). */
export async function findTrackingFacts(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      userId: bookings.userId,
      assignedDriverId: bookings.assignedDriverId,
      status: bookings.status,
      scheduledDate: bookings.scheduledDate,
      durationMinutes: bookings.durationMinutes,
      latitude: bookings.latitude,
      longitude: bookings.longitude,
      isBlocked: bookings.isBlocked,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
export type TrackingFacts = NonNullable<Awaited<ReturnType<typeof findTrackingFacts>>>;

export function destinationOf(facts: Pick<TrackingFacts, 'latitude' | 'longitude'>): LatLng | null {
  const latitude = facts.latitude == null ? NaN : Number(facts.latitude);
  const longitude = facts.longitude == null ? NaN : Number(facts.longitude);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

/** The assigned driver's live position for a booking, if they are sharing one. */
export async function findLiveLocation(db: DbOrTx, bookingId: string, driverId: string): Promise<DriverLocationView | null> {
  const [row] = await db
    .select({
      latitude: driverLocations.latitude,
      longitude: driverLocations.longitude,
      speed: driverLocations.speed,
      heading: driverLocations.heading,
      updatedAt: driverLocations.updatedAt,
    })
    .from(driverLocations)
    .where(and(eq(driverLocations.bookingId, bookingId), eq(driverLocations.driverId, driverId), eq(driverLocations.isActive, true)))
    .orderBy(desc(driverLocations.updatedAt))
    .limit(1);
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

export async function findDriverContact(db: DbOrTx, driverId: string) {
  const [row] = await db.select({ fullName: users.fullName, phone: users.phone }).from(users).where(eq(users.id, driverId)).limit(1);
  return row ?? null;
}
