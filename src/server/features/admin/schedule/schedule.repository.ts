import { and, asc, between, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { AvailabilityRow, ClosureRow, ScheduleAppointment, WeeklyHoursRow } from '../../../../shared/schemas/admin-schedule';
import { pacificTimeOfDay, minutesOfDay, timeFromMinutes } from '../../../../shared/time';
import type { DbOrTx } from '../../../db/client';
import { bookings, businessAvailability, businessClosures, businessHours, services, users } from '../../../db/schema';
import { blockReasonOf } from '../../bookings';

const availabilityColumns = {
  id: businessAvailability.id,
  date: businessAvailability.date,
  startTime: businessAvailability.startTime,
  endTime: businessAvailability.endTime,
  maxCapacity: businessAvailability.maxCapacity,
  isActive: businessAvailability.isActive,
  notes: businessAvailability.notes,
};

const closureColumns = {
  id: businessClosures.id,
  date: businessClosures.date,
  name: businessClosures.name,
  reason: businessClosures.reason,
  type: businessClosures.type,
  isRecurring: businessClosures.isRecurring,
};

// Business availability (per-date windows that replace the weekly hours of that date)

export async function listAvailability(db: DbOrTx, startDate: string, endDate: string): Promise<AvailabilityRow[]> {
  return db
    .select(availabilityColumns)
    .from(businessAvailability)
    .where(between(businessAvailability.date, startDate, endDate))
    .orderBy(asc(businessAvailability.date), asc(businessAvailability.startTime));
}

type AvailabilityValues = Omit<AvailabilityRow, 'id'>;

export async function insertAvailability(db: DbOrTx, values: AvailabilityValues[]): Promise<AvailabilityRow[]> {
  if (!values.length) return [];
  return db.insert(businessAvailability).values(values).returning(availabilityColumns);
}

export async function updateAvailability(db: DbOrTx, id: string, values: AvailabilityValues): Promise<AvailabilityRow | undefined> {
  const [row] = await db.update(businessAvailability).set(values).where(eq(businessAvailability.id, id)).returning(availabilityColumns);
  return row;
}

export async function deleteAvailability(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(businessAvailability).where(eq(businessAvailability.id, id)).returning({ id: businessAvailability.id });
  return rows.length > 0;
}

/** Windows already present on these dates, to skip exact duplicates when creating in bulk. */
export async function existingWindows(db: DbOrTx, dates: string[]): Promise<Set<string>> {
  if (!dates.length) return new Set();
  const rows = await db
    .select({ date: businessAvailability.date, startTime: businessAvailability.startTime, endTime: businessAvailability.endTime })
    .from(businessAvailability)
    .where(inArray(businessAvailability.date, dates));
  return new Set(rows.map((r) => `${r.date}|${r.startTime}|${r.endTime}`));
}

// Closures

/** Closures on a date range, recurring ones (same month and day every year) included. */
export async function listClosures(db: DbOrTx, startDate: string, endDate: string): Promise<ClosureRow[]> {
  return db
    .select(closureColumns)
    .from(businessClosures)
    .where(or(between(businessClosures.date, startDate, endDate), eq(businessClosures.isRecurring, true)))
    .orderBy(asc(businessClosures.date));
}

export async function insertClosure(db: DbOrTx, values: Omit<ClosureRow, 'id'>): Promise<ClosureRow> {
  const [row] = await db.insert(businessClosures).values(values).returning(closureColumns);
  return row!;
}

export async function updateClosure(db: DbOrTx, id: string, values: Omit<ClosureRow, 'id'>): Promise<ClosureRow | undefined> {
  const [row] = await db.update(businessClosures).set(values).where(eq(businessClosures.id, id)).returning(closureColumns);
  return row;
}

export async function deleteClosure(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(businessClosures).where(eq(businessClosures.id, id)).returning({ id: businessClosures.id });
  return rows.length > 0;
}

/** Customer bookings (not blocked time, not cancelled) on a day: what a closure leaves to sort out. */
export async function countBookingsOn(db: DbOrTx, dateKey: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.businessDate, dateKey), ne(bookings.status, 'cancelled'), eq(bookings.isBlocked, false)));
  return row?.value ?? 0;
}

// Weekly hours

export async function listWeeklyHours(db: DbOrTx): Promise<WeeklyHoursRow[]> {
  return db
    .select({ dayOfWeek: businessHours.dayOfWeek, startTime: businessHours.startTime, endTime: businessHours.endTime, capacity: businessHours.capacity, isOpen: businessHours.isOpen })
    .from(businessHours)
    .orderBy(asc(businessHours.dayOfWeek));
}

export async function upsertWeeklyHours(db: DbOrTx, days: WeeklyHoursRow[]): Promise<void> {
  for (const day of days) {
    await db
      .insert(businessHours)
      .values(day)
      .onConflictDoUpdate({ target: businessHours.dayOfWeek, set: { startTime: day.startTime, endTime: day.endTime, capacity: day.capacity, isOpen: day.isOpen } });
  }
}

// Appointments (bookings and blocked time as the grid shows them)

export async function appointmentsBetween(db: DbOrTx, startDate: string, endDate: string): Promise<Array<ScheduleAppointment & { businessDate: string }>> {
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      scheduledDate: bookings.scheduledDate,
      businessDate: bookings.businessDate,
      durationMinutes: bookings.durationMinutes,
      isBlocked: bookings.isBlocked,
      serviceId: bookings.serviceId,
      serviceName: services.name,
      guestName: bookings.guestName,
      guestEmail: bookings.guestEmail,
      guestPhone: bookings.guestPhone,
      userName: users.fullName,
      userEmail: users.email,
      userPhone: users.phone,
      notes: bookings.notes,
      source: bookings.source,
      paymentStatus: bookings.paymentStatus,
      serviceType: bookings.serviceType,
      totalAmount: bookings.totalAmount,
      assignedDriverId: bookings.assignedDriverId,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(gte(bookings.businessDate, startDate), lte(bookings.businessDate, endDate), ne(bookings.status, 'cancelled')))
    .orderBy(asc(bookings.scheduledDate));
  return rows.map((r) => {
    const startTime = pacificTimeOfDay(r.scheduledDate);
    return {
      id: r.id,
      status: r.status,
      businessDate: r.businessDate,
      startTime,
      endTime: timeFromMinutes(Math.min(minutesOfDay(startTime) + r.durationMinutes, 24 * 60 - 1)),
      durationMinutes: r.durationMinutes,
      scheduledDate: r.scheduledDate.toISOString(),
      isBlocked: r.isBlocked,
      serviceId: r.serviceId,
      serviceName: r.serviceName,
      customerName: r.guestName ?? r.userName ?? null,
      customerEmail: r.guestEmail ?? r.userEmail ?? null,
      customerPhone: r.guestPhone ?? r.userPhone ?? null,
      paymentStatus: r.paymentStatus,
      serviceType: r.serviceType,
      totalAmount: r.totalAmount,
      assignedDriverId: r.assignedDriverId,
      notes: r.notes,
      blockReason: r.isBlocked ? blockReasonOf(r.notes) : null,
      source: r.source,
    };
  });
}

/** The first service of the catalogue: blocked time needs one (bookings.service_id is required). */
export async function firstServiceId(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select({ id: services.id }).from(services).orderBy(asc(services.sortOrder), asc(services.createdAt)).limit(1);
  return row?.id;
}

/** A customer account with this e-mail, so an appointment shows in their history. */
export async function findCustomerIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'customer'), sql`${users.deletedAt} is null`));
  return row?.id;
}
