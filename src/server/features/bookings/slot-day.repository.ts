import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, businessAvailability, businessClosures, businessHours } from '../../db/schema';
import { TIME_ZONE } from '../../../shared/constants';
import type { OpenWindow, Occupant } from '../../../shared/slots';
import { dayOfWeek } from '../../../shared/time';

/** A booking that holds capacity on its day; a pending hold stops holding it at `lapsesAt` (ms). */
export interface DayOccupant extends Occupant {
  bookingId: string;
  lapsesAt: number | null;
}

/** What a day's slots are computed from: whether it is closed, its open windows and who occupies it. */
export interface DayView {
  closed: boolean;
  windows: OpenWindow[];
  occupants: DayOccupant[];
}

type DayRow = {
  closed: boolean;
  overrides: [string, string, number, boolean][];
  week: [string, string, number, boolean] | null;
  occupants: [string, number, number, boolean, number | string | null][];
};

/**
 * One day in one round trip: closures (recurring ones on the same month and day), the day's
 * business_availability rows (they replace the weekly hours when there are any) or else the weekly hours,
 * and every booking not cancelled, its start as a Pacific wall-clock minute worked out by the database.
 * Lapsed holds are left out by `occupantsAt`, so the view stays true as time passes.
 */
export async function loadDay(db: DbOrTx, dateKey: string): Promise<DayView> {
  return (await loadDayWith<Record<string, never>>(db, dateKey, {})).day;
}

/**
 * The day and more columns of the same select (`extra`: name → a scalar subquery), in that one round trip
 * and one snapshot: the claim reads the day's reach jobs with it, under the day's lock.
 */
export async function loadDayWith<T extends Record<string, unknown>>(db: DbOrTx, dateKey: string, extra: { [K in keyof T]: SQL }): Promise<{ day: DayView; extra: T }> {
  const more = Object.entries(extra).map(([name, column]) => sql`, ${column} as ${sql.identifier(name)}`);
  const result = await db.execute(sql`
    select
      exists (select 1 from ${businessClosures} c where c.date = ${dateKey}::date or (c.is_recurring and to_char(c.date, 'MM-DD') = ${dateKey.slice(5)})) as closed,
      (select coalesce(json_agg(json_build_array(a.start_time, a.end_time, a.max_capacity, a.is_active)), '[]'::json) from ${businessAvailability} a where a.date = ${dateKey}::date) as overrides,
      (select json_build_array(h.start_time, h.end_time, h.capacity, h.is_open) from ${businessHours} h where h.day_of_week = ${dayOfWeek(dateKey)}) as week,
      (select coalesce(json_agg(json_build_array(
          b.id,
          (extract(hour from b.scheduled_date at time zone ${TIME_ZONE}) * 60 + extract(minute from b.scheduled_date at time zone ${TIME_ZONE}))::int,
          b.duration_minutes,
          b.is_blocked,
          case when b.status = 'pending' and b.hold_expires_at is not null then (extract(epoch from b.hold_expires_at) * 1000)::bigint end)), '[]'::json)
        from ${bookings} b where b.business_date = ${dateKey}::date and b.status <> 'cancelled') as occupants${sql.join(more)}`);
  const row = ((result as unknown as { rows?: (DayRow & T)[] }).rows ?? (result as unknown as (DayRow & T)[]))[0]!;
  const windows = row.overrides.length
    ? row.overrides.filter((w) => w[3]).map(([start, end, capacity]) => ({ start, end, capacity }))
    : row.week && row.week[3]
      ? [{ start: row.week[0], end: row.week[1], capacity: row.week[2] }]
      : [];
  const day: DayView = {
    closed: row.closed,
    windows,
    occupants: row.occupants.map(([bookingId, startMinute, durationMinutes, blocked, lapsesAt]) => ({
      bookingId,
      startMinute,
      durationMinutes,
      blocked,
      lapsesAt: lapsesAt === null ? null : Number(lapsesAt),
    })),
  };
  const { closed: _c, overrides: _o, week: _w, occupants: _p, ...rest } = row;
  return { day, extra: rest as unknown as T };
}

/**
 * The day's occupants at `now`: lapsed holds hold nothing (the twin of holdIsLive and notLapsedHoldSql);
 * `excludeBookingId` leaves out a booking being moved.
 */
export function occupantsAt(day: DayView, now: Date, excludeBookingId?: string): DayOccupant[] {
  const at = now.getTime();
  return day.occupants.filter((o) => (o.lapsesAt === null || o.lapsesAt > at) && o.bookingId !== excludeBookingId);
}

/** The open windows of a day: its business_availability rows when it has any, else the weekly hours. */
export async function openWindows(db: DbOrTx, dateKey: string): Promise<OpenWindow[]> {
  return (await loadDay(db, dateKey)).windows;
}

/** Whether a closure applies to the day. */
export async function closureOn(db: DbOrTx, dateKey: string): Promise<boolean> {
  return (await loadDay(db, dateKey)).closed;
}

/**
 * Serialises every capacity decision for one business day until the transaction ends. Works the same on
 * PostgreSQL and PGlite; two days never wait for each other.
 */
export async function lockBusinessDay(tx: DbOrTx, dateKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glint-day:${dateKey}`}))`);
}

/** A booking's notes (blocked time keeps its reason there). */
export async function notesOf(db: DbOrTx, bookingId: string): Promise<string | null> {
  const [row] = await db.select({ notes: bookings.notes }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.notes ?? null;
}
