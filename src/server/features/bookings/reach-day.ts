import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/constants';
import type { ServiceType } from '../../../shared/domain';
import type { TechnicianDay } from '../../../shared/reachability';
import { memoTravel, reachableStarts, withUnassigned, type UnassignedJob } from '../../../shared/reachable-slots';
import type { Point } from '../../../shared/travel';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { bookings } from '../../db/schema';
import { travelFnFor } from '../travel';
import { preparedDayWith, type DateParam, type DayView } from './slot-day.repository';

/**
 * Who can get where on a day (decision 055): every technician's day, and the day's jobs that no technician
 * has yet (holds, unassigned appointments), which still need one. The slot list reads it from this
 * instance's cache; the claim and the assignment at confirm load it in their transaction, under the day's lock.
 */
export interface ReachDay {
  technicians: TechnicianDay[];
  /** `lapsesAt` (ms): a pending hold stops needing anyone then. */
  unassigned: (UnassignedJob & { lapsesAt: number | null })[];
}

/**
 * Each technician's day, from the technicians face (handed in at start-up, features/index.ts): `load` reads
 * a day's; `column` is the same rows as one json column of a select of the caller's, and `of` turns that
 * column's value and the business's day into the days.
 */
export interface TechnicianDaysSource {
  load: (db: DbOrTx, dateKey: string, base: Point) => Promise<TechnicianDay[]>;
  column: (dateKey: DateParam) => SQL;
  of: (column: unknown, business: DayView, base: Point) => TechnicianDay[];
}
let technicianDays: TechnicianDaysSource | undefined;

/**
 * The technicians feature reads the business's day from this one (`loadSlotDay`), so this one cannot import
 * it back (no loops between features): the route registry, which every app instance loads, hands it in.
 */
export function provideTechnicianDays(source: TechnicianDaysSource): void {
  technicianDays = source;
}

/** Where a job happens for driving: null when at the business (on-site) or without coordinates that parse. */
export function jobPoint(serviceType: ServiceType, latitude: string | null, longitude: string | null): Point | null {
  if (serviceType === 'serviceLocation' || latitude === null || longitude === null) return null;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  return Number.isFinite(point.latitude) && Number.isFinite(point.longitude) && (point.latitude !== 0 || point.longitude !== 0) ? point : null;
}

type JobRow = [string, number, number, string, ServiceType, string | null, string | null, string | null, number | string | null];

/** The day's jobs that take a technician's time (not cancelled, not blocked), as one json column. */
function dayJobsColumn(dateKey: DateParam): SQL {
  return sql`(select coalesce(json_agg(json_build_array(
      b.id,
      (extract(hour from b.scheduled_date at time zone ${TIME_ZONE}) * 60 + extract(minute from b.scheduled_date at time zone ${TIME_ZONE}))::int,
      b.duration_minutes, b.service_id, b.service_type, b.latitude, b.longitude, b.assigned_driver_id,
      case when b.status = 'pending' and b.hold_expires_at is not null then (extract(epoch from b.hold_expires_at) * 1000)::bigint end)), '[]'::json)
    from ${bookings} b
    where b.business_date = ${dateKey}::date and b.status <> 'cancelled' and not b.is_blocked)`;
}

/** A day's technicians and its jobs without one: two round trips, side by side outside a transaction. */
export async function loadReachDay(db: DbOrTx, dateKey: string, base: Point): Promise<ReachDay> {
  if (!technicianDays) throw new Error('No technicians source: features/index.ts hands it in with provideTechnicianDays');
  const [technicians, result] = await sideBySide(
    db,
    () => technicianDays!.load(db, dateKey, base),
    () => db.execute(sql`select ${dayJobsColumn(dateKey)} as jobs`),
  );
  const [row] = (result as unknown as { rows?: { jobs: JobRow[] }[] }).rows ?? (result as unknown as { jobs: JobRow[] }[]);
  return reachDayOf(technicians, row?.jobs ?? []);
}

/**
 * What a customer's claim decides by, under the day's lock: the day's capacity view and who can get where
 * (its jobs and its technicians), in one select: each round trip here is time every other booking of the
 * day waits.
 */
export async function loadClaimDay(db: DbOrTx, dateKey: string, base: Point): Promise<{ day: DayView; reach: ReachDay }> {
  if (!technicianDays) throw new Error('No technicians source: features/index.ts hands it in with provideTechnicianDays');
  const { day, extra } = await loadClaimDayRow(db, dateKey);
  return { day, reach: reachDayOf(technicianDays.of(extra.technicians, day, base), extra.jobs) };
}

/** The claim's select, prepared (decision 077): the same text for every day, its date a parameter. */
const loadClaimDayRow = preparedDayWith<{ jobs: JobRow[]; technicians: unknown }>('glint_claim_day', (date) => ({ jobs: dayJobsColumn(date), technicians: technicianDays!.column(date) }));

function reachDayOf(technicians: TechnicianDay[], jobs: JobRow[]): ReachDay {
  // A job whose driver is not a technician of the day (none, or one who no longer works jobs) still needs one.
  const known = new Set(technicians.map((t) => t.technicianId));
  const unassigned = jobs
    .filter(([, , , , , , , driverId]) => driverId === null || !known.has(driverId))
    .map(([bookingId, startMinute, durationMinutes, serviceId, serviceType, lat, lng, , lapsesAt]) => ({
      bookingId,
      startMinute,
      durationMinutes,
      serviceId,
      point: jobPoint(serviceType, lat, lng),
      lapsesAt: lapsesAt === null ? null : Number(lapsesAt),
    }));
  return { technicians, unassigned };
}

/** A job someone may be sent to: its service, length and place; `bookingId` when it is already booked (moved, assigned). */
export interface ReachJob {
  serviceId: string;
  durationMinutes: number;
  point: Point | null;
  bookingId?: string;
}

/**
 * The day as the rule sees it at `now`: the drive function for its points (remembered per pair) and the
 * technicians' days with the unassigned live jobs placed on them. Null when the business has no
 * technicians at all: it does not schedule by technician, and capacity alone decides (decision 055).
 */
export async function dayForRule(ctx: AppContext, day: ReachDay, job: ReachJob, now: Date) {
  if (!day.technicians.length) return null;
  const at = now.getTime();
  const live = day.unassigned.filter((j) => j.lapsesAt === null || j.lapsesAt > at);
  const base = ctx.config.business.location;
  const travel = memoTravel(await travelFnFor(ctx, pointsOf(day, live, job.point, base)));
  return { days: withUnassigned(day.technicians, live, travel, base, job.bookingId), travel, base };
}

/** The starts of `startMinutes` some technician can reach with `job` (all of them when there are no technicians). */
export async function reachableMinutes(ctx: AppContext, day: ReachDay, job: ReachJob, startMinutes: readonly number[], now: Date): Promise<number[]> {
  const rule = await dayForRule(ctx, day, job, now);
  if (!rule || !startMinutes.length) return [...startMinutes];
  return reachableStarts(rule.days, job, startMinutes, rule.travel, rule.base);
}

function pointsOf(day: ReachDay, live: readonly UnassignedJob[], point: Point | null, base: Point): Point[] {
  const points: Point[] = [base];
  if (point) points.push(point);
  for (const t of day.technicians) {
    points.push(t.start, t.end);
    for (const j of t.jobs) if (j.point) points.push(j.point);
  }
  for (const j of live) if (j.point) points.push(j.point);
  return points;
}
