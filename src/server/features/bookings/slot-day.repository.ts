import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedRowsStatement } from '../../db/prepared';
import { bookings, businessAvailability, businessClosures, businessHours } from '../../db/schema';
import { TIME_ZONE } from '../../../shared/constants';
import type { OpenWindow, Occupant } from '../../../shared/slots';

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
  return (await loadDayRow(db, dateKey)).day;
}

/** A date in a day's select: a value, or the placeholder of a prepared statement. */
export type DateParam = string | Placeholder;

/** The day's select with `extra` columns (name → a scalar subquery); the date is its only parameter. */
function daySelect(date: DateParam, extra: Record<string, SQL>): SQL {
  const more = Object.entries(extra).map(([name, column]) => sql`, ${column} as ${sql.identifier(name)}`);
  return sql`
    select
      exists (select 1 from ${businessClosures} c where c.date = ${date}::date or (c.is_recurring and to_char(c.date, 'MM-DD') = to_char(${date}::date, 'MM-DD'))) as closed,
      (select coalesce(json_agg(json_build_array(a.start_time, a.end_time, a.max_capacity, a.is_active)), '[]'::json) from ${businessAvailability} a where a.date = ${date}::date) as overrides,
      (select json_build_array(h.start_time, h.end_time, h.capacity, h.is_open) from ${businessHours} h where h.day_of_week = extract(dow from ${date}::date)) as week,
      (select coalesce(json_agg(json_build_array(
          b.id,
          (extract(hour from b.scheduled_date at time zone ${TIME_ZONE}) * 60 + extract(minute from b.scheduled_date at time zone ${TIME_ZONE}))::int,
          b.duration_minutes,
          b.is_blocked,
          case when b.status = 'pending' and b.hold_expires_at is not null then (extract(epoch from b.hold_expires_at) * 1000)::bigint end)), '[]'::json)
        from ${bookings} b where b.business_date = ${date}::date and b.status <> 'cancelled') as occupants${sql.join(more)}`;
}

/**
 * The day and more columns of the same select (`extra`: name → a scalar subquery), in that one round trip and
 * one snapshot (the claim reads the day's reach jobs with it, under the day's lock), as a prepared statement
 * (decision 077): built once, parsed and planned once per connection by PostgreSQL, its date the one parameter.
 * `extra` makes the columns for the date's placeholder, the same every time.
 */
export function preparedDayWith<T extends Record<string, unknown>>(name: string, extra: (date: Placeholder) => { [K in keyof T]: SQL }) {
  const run = preparedRowsStatement<DayRow & T>(name, () => {
    const date = sql.placeholder('date');
    return daySelect(date, extra(date));
  });
  return async (db: DbOrTx, dateKey: string): Promise<{ day: DayView; extra: T }> => dayWith<T>((await run(db, { date: dateKey }))[0]!);
}

const loadDayRow = preparedDayWith<Record<string, never>>('glint_day', () => ({}));

/** The day's view and the extra columns of a row of `daySelect`. */
function dayWith<T extends Record<string, unknown>>(row: DayRow & T): { day: DayView; extra: T } {
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
