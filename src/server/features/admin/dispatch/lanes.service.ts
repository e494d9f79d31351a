import { weatherFlags } from '../../messages';
import { slotIdOf } from '../../../../shared/booking-lifecycle';
import { dayDriveMinutes } from '../../../../shared/plan-day';
import type { TechnicianDay, TechnicianJob, TravelFn } from '../../../../shared/reachability';
import type { BookingView } from '../../../../shared/schemas/bookings';
import { LANES_MAX_ASSIGNED, type DispatchLanes, type DispatchMoveRequest, type Lane, type LaneJob, type LanesQuery } from '../../../../shared/schemas/dispatch';
import { minutesOfDay, pacificTimeOfDay, timeFromMinutes } from '../../../../shared/time';
import type { Point } from '../../../../shared/travel';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { deliverAfterCommit } from '../../../events/booking-events';
import { bookingVerbs, findBookingView, listBookingViews, type BookingActor } from '../../bookings';
import { technicianDays } from '../../technicians';
import { travelFnFor } from '../../travel';
import { findActiveDriver } from '../bookings/admin-bookings.repository';
import * as repo from './dispatch.repository';
import { placementCheck, pointsOf } from './placement-check';

const ADMIN: BookingActor = { role: 'admin' };

/** Where a job happens for driving (null: on site, at the business), from its view. */
function placeOfView(view: Pick<BookingView, 'serviceType' | 'latitude' | 'longitude'>): Point | null {
  if (view.serviceType === 'serviceLocation' || view.latitude == null || view.longitude == null) return null;
  return view.latitude === 0 && view.longitude === 0 ? null : { latitude: view.latitude, longitude: view.longitude };
}

const technicianJobOf = (view: BookingView): TechnicianJob => ({
  bookingId: view.id,
  startMinute: minutesOfDay(pacificTimeOfDay(new Date(view.scheduledDate))),
  durationMinutes: view.durationMinutes,
  point: placeOfView(view),
});

function laneJobOfView(view: BookingView, driveMinutesBefore: number | null): Omit<LaneJob, 'weather'> {
  return {
    id: view.id,
    time: slotIdOf(view).slice(11),
    scheduledDate: view.scheduledDate,
    durationMinutes: view.durationMinutes,
    serviceName: view.serviceName,
    customerName: view.user?.fullName ?? view.guestName ?? 'Guest',
    status: view.status,
    paymentStatus: view.paymentStatus,
    serviceType: view.serviceType,
    address: view.serviceType === 'serviceLocation' || !view.address ? null : `${view.address.street}, ${view.address.city}`,
    assignedDriverId: view.assignedDriverId,
    driveMinutesBefore,
  };
}

/**
 * The drives of a day's jobs in time order, as `dayDriveMinutes` adds them up (shared/plan-day.ts): the first
 * from the start location leaving when the working window opens, each next one from the job before leaving
 * when it ends, and home from the last.
 */
export function laneDrives(day: Pick<TechnicianDay, 'start' | 'end' | 'windows'>, jobs: readonly TechnicianJob[], travel: TravelFn, base: Point): { before: number[]; home: number; total: number } {
  const sorted = [...jobs].sort((a, b) => a.startMinute - b.startMinute);
  const at = (job: TechnicianJob) => job.point ?? base;
  const before = sorted.map((job, i) => {
    if (i === 0) return travel(day.start, at(job), day.windows.find((w) => job.startMinute >= w.startMinute)?.startMinute ?? job.startMinute);
    const prev = sorted[i - 1]!;
    return travel(at(prev), at(job), prev.startMinute + prev.durationMinutes);
  });
  const last = sorted.at(-1);
  const home = last ? travel(at(last), day.end, last.startMinute + last.durationMinutes) : 0;
  return { before, home, total: dayDriveMinutes(day, sorted, travel, base) };
}

/**
 * The board's lanes for one day (issue 24): each technician who works that day or has jobs on it (and anyone
 * else the day's jobs are assigned to, unchecked), their hours and start place, their jobs in time order with
 * the drive before each by the slot engine's travel function, and the day's total drive; then the day's
 * unassigned jobs, one page.
 */
export async function dispatchLanes(ctx: AppContext, query: LanesQuery): Promise<DispatchLanes> {
  const base = ctx.config.business.location;
  const [days, assigned, unassigned] = await Promise.all([
    technicianDays(ctx.db, query.date, base),
    listBookingViews(ctx.db, { where: repo.assignedOnDayWhere(query.date), orderBy: repo.byTime(), page: 1, pageSize: LANES_MAX_ASSIGNED }),
    listBookingViews(ctx.db, { where: repo.unassignedOnDayWhere(query.date), orderBy: repo.byTime(), page: query.page, pageSize: query.pageSize }),
  ]);
  const byAssignee = new Map<string, BookingView[]>();
  for (const view of assigned.items) byAssignee.set(view.assignedDriverId!, [...(byAssignee.get(view.assignedDriverId!) ?? []), view]);
  const known = new Set(days.map((d) => d.technicianId));
  // Someone without a technician day who has jobs (an admin taking one): a lane from the business's address.
  const others = [...byAssignee.entries()]
    .filter(([id]) => !known.has(id))
    .map(([id, views]): TechnicianDay => ({ technicianId: id, name: views[0]!.driver?.fullName ?? 'Staff', serviceIds: 'all', windows: [], start: base, end: base, jobs: [] }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const shown = [...days.filter((d) => d.windows.length > 0 || byAssignee.has(d.technicianId)), ...others];
  const travel = await travelFnFor(ctx, pointsOf(base, shown, assigned.items.map(placeOfView)));
  const weather = await weatherFlags(ctx.db, [...assigned.items, ...unassigned.items].map((v) => v.id));
  const laneJobOf = (view: BookingView, driveMinutesBefore: number | null): LaneJob => ({ ...laneJobOfView(view, driveMinutesBefore), weather: weather.get(view.id) ?? null });
  const lanes = shown.map((day): Lane => {
    const views = byAssignee.get(day.technicianId) ?? [];
    const drives = laneDrives(day, views.map(technicianJobOf), travel, base);
    return {
      technicianId: day.technicianId,
      name: day.name,
      worksJobs: known.has(day.technicianId),
      hours: day.windows.map((w) => ({ start: timeFromMinutes(w.startMinute), end: timeFromMinutes(w.endMinute) })),
      start: day.start,
      end: day.end,
      jobs: views.map((view, i) => laneJobOf(view, drives.before[i]!)),
      driveMinutesHome: drives.home,
      totalDriveMinutes: drives.total,
    };
  });
  return { date: query.date, lanes, truncated: assigned.total > assigned.items.length, unassigned: { ...unassigned, items: unassigned.items.map((v) => laneJobOf(v, null)) } };
}

/**
 * The board's move (issue 24, decision 056): a job to a technician (null: unassigned) and/or another start the
 * same day, in one step through the bookings `dispatch` verb — the staff claim (capacity, hours) for a new
 * time and the placement rule for the technician, under the locks. A conflict is 409 ASSIGNMENT_CONFLICT
 * naming it unless `override` (then recorded in the history). The same body again changes nothing.
 */
export async function moveJob(ctx: AppContext, bookingId: string, body: DispatchMoveRequest): Promise<BookingView> {
  const booking = await findBookingView(ctx.db, bookingId);
  if (!booking || booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', 'Booking not found');
  const driver = body.technicianId ? await findActiveDriver(ctx.db, body.technicianId) : null;
  if (body.technicianId && !driver) throw new AppError('DRIVER_NOT_AVAILABLE', 'That driver does not exist or is disabled');
  const slotId = body.startTime ? `${booking.businessDate}T${body.startTime}` : slotIdOf(booking);
  const { moved, reassigned } = await ctx.db.transaction((tx) =>
    bookingVerbs(ctx).dispatch(tx, bookingId, ADMIN, { slotId, driver, override: body.override, check: placementCheck(ctx, body.override), by: 'admin' }),
  );
  // A new time or technician is told to the customer (the customer-mail subscribers of the events).
  if (moved || reassigned) await deliverAfterCommit(ctx, bookingId);
  return (await findBookingView(ctx.db, bookingId))!;
}
