import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, businessAvailability, businessClosures, businessHours } from '../../db/schema';
import type { OpenWindow, Occupant } from '../../../shared/slots';
import { closureApplies } from '../../../shared/slots';
import { dayOfWeek, minutesOfDay, pacificTimeOfDay } from '../../../shared/time';

/** The open windows of a day: its business_availability rows when it has any, else the weekly hours. */
export async function openWindows(db: DbOrTx, dateKey: string): Promise<OpenWindow[]> {
  const overrides = await db
    .select({ start: businessAvailability.startTime, end: businessAvailability.endTime, capacity: businessAvailability.maxCapacity, isActive: businessAvailability.isActive })
    .from(businessAvailability)
    .where(eq(businessAvailability.date, dateKey));
  if (overrides.length) return overrides.filter((w) => w.isActive).map(({ start, end, capacity }) => ({ start, end, capacity }));
  const [week] = await db.select().from(businessHours).where(eq(businessHours.dayOfWeek, dayOfWeek(dateKey)));
  return week && week.isOpen ? [{ start: week.startTime, end: week.endTime, capacity: week.capacity }] : [];
}

export async function closureOn(db: DbOrTx, dateKey: string) {
  const rows = await db
    .select()
    .from(businessClosures)
    .where(or(eq(businessClosures.date, dateKey), and(eq(businessClosures.isRecurring, true), sql`to_char(${businessClosures.date}, 'MM-DD') = ${dateKey.slice(5)}`)));
  return rows.find((closure) => closureApplies(closure, dateKey));
}

/**
 * Bookings that hold capacity on a day: everything not cancelled, except pending holds that expired.
 * `excludeBookingId` leaves out a booking being moved.
 */
export async function occupants(db: DbOrTx, dateKey: string, now: Date, excludeBookingId?: string): Promise<Occupant[]> {
  const rows = await db
    .select({ scheduledDate: bookings.scheduledDate, durationMinutes: bookings.durationMinutes, isBlocked: bookings.isBlocked })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessDate, dateKey),
        ne(bookings.status, 'cancelled'),
        or(ne(bookings.status, 'pending'), isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
        excludeBookingId ? ne(bookings.id, excludeBookingId) : undefined,
      ),
    );
  return rows.map((row) => ({
    startMinute: minutesOfDay(pacificTimeOfDay(row.scheduledDate)),
    durationMinutes: row.durationMinutes,
    blocked: row.isBlocked,
  }));
}

/**
 * Serialises every capacity decision for one business day until the transaction ends. Works the same on
 * PostgreSQL and PGlite; two days never wait for each other.
 */
export async function lockBusinessDay(tx: DbOrTx, dateKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glint-day:${dateKey}`}))`);
}
