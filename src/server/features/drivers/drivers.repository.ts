import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DriverStatusView } from '../../../shared/schemas/drivers';
import { DRIVER_ACTIVE_STATUSES } from '../../../shared/tracking';
import type { DbOrTx } from '../../db/client';
import { bookings, driverLocationHistory, driverLocations, driverStatus } from '../../db/schema';
import { listBookingViews } from '../bookings';

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

export async function findBookingAssignment(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id, status: bookings.status, serviceType: bookings.serviceType, assignedDriverId: bookings.assignedDriverId, businessDate: bookings.businessDate })
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
/**
 * A point from the driver's phone in ONE statement (its own transaction): the live row for driver+booking
 * is replaced, the history gains a row, the driver is seen, and `notify` (the live event) goes out on commit.
 */
export async function recordLocationPoint(db: DbOrTx, point: LocationPoint, notify: SQL | undefined): Promise<void> {
  const values = sql`${point.driverId}::uuid, ${point.bookingId}::uuid, ${point.latitude}::float8, ${point.longitude}::float8, ${point.heading}::float8, ${point.speed}::float8, ${point.accuracy}::float8`;
  await db.execute(sql`
    with live as (
      insert into ${driverLocations} (driver_id, booking_id, latitude, longitude, heading, speed, accuracy, is_active, updated_at, created_at)
      values (${values}, true, ${point.at.toISOString()}::timestamptz, ${point.at.toISOString()}::timestamptz)
      on conflict (driver_id, booking_id) do update set latitude = excluded.latitude, longitude = excluded.longitude, heading = excluded.heading,
        speed = excluded.speed, accuracy = excluded.accuracy, is_active = true, updated_at = excluded.updated_at
    ), history as (
      insert into ${driverLocationHistory} (driver_id, booking_id, latitude, longitude, heading, speed, accuracy, created_at)
      values (${values}, ${point.at.toISOString()}::timestamptz)
    ), seen as (
      insert into ${driverStatus} (driver_id, last_seen) values (${point.driverId}::uuid, ${point.at.toISOString()}::timestamptz)
      on conflict (driver_id) do update set last_seen = excluded.last_seen
    )
    select ${notify ?? sql`null`}`);
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

/** Every driver has a status row from the day they are added. */
export async function ensureDriverStatus(db: DbOrTx, driverId: string): Promise<void> {
  await db.insert(driverStatus).values({ driverId, status: 'offline' }).onConflictDoNothing({ target: driverStatus.driverId });
}

/** A disabled driver is off shift and shares no location. */
export async function setOffline(db: DbOrTx, driverId: string): Promise<void> {
  await db.update(driverStatus).set({ status: 'offline', isLocationSharing: false, currentBookingId: null }).where(eq(driverStatus.driverId, driverId));
}

/** Where the driver's phone last reported being (any job), for records that note where something happened. */
export async function findLastKnownPosition(db: DbOrTx, driverId: string): Promise<{ latitude: number; longitude: number; at: Date } | null> {
  const [row] = await db
    .select({ latitude: driverLocations.latitude, longitude: driverLocations.longitude, at: driverLocations.updatedAt })
    .from(driverLocations)
    .where(eq(driverLocations.driverId, driverId))
    .orderBy(desc(driverLocations.updatedAt))
    .limit(1);
  return row ?? null;
}
