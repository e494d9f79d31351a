import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { bookings, driverLocations, driverStatus, services, users } from '../../../db/schema';

/** The board's jobs: customer bookings on the given days that are jobs (no checkout holds, nothing cancelled). */
export function dispatchWhere(from: string, to: string): SQL {
  return and(eq(bookings.isBlocked, false), notInArray(bookings.status, ['pending', 'cancelled']), gte(bookings.businessDate, from), lte(bookings.businessDate, to))!;
}

export const dispatchOrder = (): SQL[] => [sql`(${bookings.assignedDriverId} is null) desc`, asc(bookings.scheduledDate), asc(bookings.id)];

export async function jobCoordinates(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, { latitude: string | null; longitude: string | null }>();
  const rows = await db.select({ id: bookings.id, latitude: bookings.latitude, longitude: bookings.longitude }).from(bookings).where(inArray(bookings.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Who can be on the board: active drivers, and any admin who has jobs on these days (the owner takes jobs too). */
export async function boardDrivers(db: DbOrTx, adminIds: string[]) {
  return db
    .select({ id: users.id, fullName: users.fullName, phone: users.phone, role: users.role, status: driverStatus.status })
    .from(users)
    .leftJoin(driverStatus, eq(driverStatus.driverId, users.id))
    .where(and(eq(users.isDisabled, false), isNull(users.deletedAt), or(eq(users.role, 'driver'), adminIds.length ? inArray(users.id, adminIds) : sql`false`)))
    .orderBy(asc(users.fullName), asc(users.id));
}

/** Each driver's latest reported point since `since`. */
export async function latestPositions(db: DbOrTx, driverIds: string[], since: Date) {
  if (!driverIds.length) return new Map<string, { latitude: number; longitude: number; updatedAt: Date; bookingId: string | null }>();
  const rows = await db
    .selectDistinctOn([driverLocations.driverId], {
      driverId: driverLocations.driverId,
      latitude: driverLocations.latitude,
      longitude: driverLocations.longitude,
      updatedAt: driverLocations.updatedAt,
      bookingId: driverLocations.bookingId,
    })
    .from(driverLocations)
    .where(and(inArray(driverLocations.driverId, driverIds), gte(driverLocations.updatedAt, since)))
    .orderBy(driverLocations.driverId, desc(driverLocations.updatedAt));
  return new Map(rows.map((r) => [r.driverId, r]));
}

/**
 * A technician's jobs on a day as Plan day shows and signs them (decision 056): the same jobs as the
 * technician's day (assigned, not cancelled, not blocked) with their last change, status and the words of a move.
 */
export async function planJobs(db: DbOrTx, technicianId: string, dateKey: string) {
  return db
    .select({
      id: bookings.id,
      scheduledDate: bookings.scheduledDate,
      updatedAt: bookings.updatedAt,
      status: bookings.status,
      service: services.name,
      customerName: users.fullName,
      guestName: bookings.guestName,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.assignedDriverId, technicianId), eq(bookings.businessDate, dateKey), sql`${bookings.status} <> 'cancelled'`, eq(bookings.isBlocked, false)))
    .orderBy(asc(bookings.scheduledDate), asc(bookings.id));
}
/** A day's jobs with a technician, as the technician's day holds them (decision 051): anything not cancelled. */
export function assignedOnDayWhere(date: string): SQL {
  return and(eq(bookings.isBlocked, false), sql`${bookings.status} <> 'cancelled'`, eq(bookings.businessDate, date), isNotNull(bookings.assignedDriverId))!;
}

/** A day's jobs still waiting for a technician (the board's jobs: no checkout holds, nothing cancelled). */
export function unassignedOnDayWhere(date: string): SQL {
  return and(dispatchWhere(date, date), isNull(bookings.assignedDriverId))!;
}

export const byTime = (): SQL[] => [asc(bookings.scheduledDate), asc(bookings.id)];
