import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DriverStatusView } from '../../../shared/schemas/drivers';
import { DRIVER_ACTIVE_STATUSES } from '../../../shared/tracking';
import type { DbOrTx } from '../../db/client';
import { bookings, driverLocationHistory, driverLocations, driverStatus } from '../../db/schema';
import { listBookingViews } from '../bookings/bookings.repository';

type StatusRow = typeof driverStatus.$inferSelect;

function toStatusView(row: StatusRow): DriverStatusView {
  return {
    status: row.status,
    isLocationSharing: row.isLocationSharing,
    currentBookingId: row.currentBookingId,
    shiftStartTime: row.shiftStartTime?.toISOString() ?? null,
    shiftEndTime: row.shiftEndTime?.toISOString() ?? null,
    lastSeen: row.lastSeen?.toISOString() ?? null,
  };
}

/** The driver's status row, created (offline) on first use. */
export async function findOrCreateDriverStatus(db: DbOrTx, driverId: string): Promise<DriverStatusView> {
  await db.insert(driverStatus).values({ driverId }).onConflictDoNothing({ target: driverStatus.driverId });
  const [row] = await db.select().from(driverStatus).where(eq(driverStatus.driverId, driverId)).limit(1);
  return toStatusView(row!);
}

export async function updateDriverStatusRow(db: DbOrTx, driverId: string, changes: Partial<Omit<StatusRow, 'id' | 'driverId'>>): Promise<DriverStatusView> {
  await db.insert(driverStatus).values({ driverId }).onConflictDoNothing({ target: driverStatus.driverId });
  const [row] = await db.update(driverStatus).set(changes).where(eq(driverStatus.driverId, driverId)).returning();
  return toStatusView(row!);
}

/** Active jobs (confirmed through en_route_return) by start time; completed ones most recent first. */
export function listDriverBookings(db: DbOrTx, driverId: string, scope: 'active' | 'completed', page: number, pageSize: number) {
  const statuses = scope === 'active' ? DRIVER_ACTIVE_STATUSES : (['completed'] as const);
  return listBookingViews(db, {
    where: and(eq(bookings.assignedDriverId, driverId), inArray(bookings.status, [...statuses]), eq(bookings.isBlocked, false)),
    page,
    pageSize,
    orderBy: scope === 'active' ? [asc(bookings.scheduledDate), asc(bookings.id)] : [desc(bookings.updatedAt), desc(bookings.id)],
  });
}

/** Locks the booking row for a status change (no two changes race past the next-status check). */
export async function lockBookingForDriver(tx: DbOrTx, bookingId: string) {
  const [row] = await tx
    .select({ id: bookings.id, status: bookings.status, serviceType: bookings.serviceType, assignedDriverId: bookings.assignedDriverId, isBlocked: bookings.isBlocked })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update')
    .limit(1);
  return row;
}

export async function findBookingAssignment(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status, assignedDriverId: bookings.assignedDriverId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

export interface LocationPoint {
  driverId: string;
  bookingId: string | null;
  latitude: number;
  longitude: number;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  at: Date;
}

/** The live table keeps one row per driver and booking (the latest point); history keeps every point. */
export async function saveLocation(db: DbOrTx, point: LocationPoint): Promise<void> {
  const values = {
    driverId: point.driverId,
    bookingId: point.bookingId,
    latitude: point.latitude,
    longitude: point.longitude,
    heading: point.heading,
    speed: point.speed,
    accuracy: point.accuracy,
  };
  await db
    .insert(driverLocations)
    .values({ ...values, isActive: true, updatedAt: point.at, createdAt: point.at })
    .onConflictDoUpdate({
      target: [driverLocations.driverId, driverLocations.bookingId],
      set: { latitude: values.latitude, longitude: values.longitude, heading: values.heading, speed: values.speed, accuracy: values.accuracy, isActive: true, updatedAt: point.at },
    });
  await db.insert(driverLocationHistory).values({ ...values, createdAt: point.at });
}

/** A finished job's live point stops being shown. */
export async function deactivateLocation(db: DbOrTx, driverId: string, bookingId: string): Promise<void> {
  await db.update(driverLocations).set({ isActive: false }).where(and(eq(driverLocations.driverId, driverId), eq(driverLocations.bookingId, bookingId)));
}

/** Deletes history points (and stale inactive live rows) older than the cutoff; returns the history count. */
export async function deleteLocationsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const deleted = await db.delete(driverLocationHistory).where(lt(driverLocationHistory.createdAt, cutoff)).returning({ id: driverLocationHistory.id });
  await db.delete(driverLocations).where(and(eq(driverLocations.isActive, false), lt(driverLocations.updatedAt, cutoff)));
  return deleted.length;
}

export async function setBookingTimes(db: DbOrTx, bookingId: string, changes: { pickupTime?: Date }): Promise<void> {
  if (changes.pickupTime) await db.update(bookings).set({ pickupTime: changes.pickupTime }).where(eq(bookings.id, bookingId));
}

