import { ASSIGNMENT_CONFLICT_MESSAGE, conflictBookingId, conflictKindOf } from '../../../../shared/assignment-conflict';
import { formatMessage } from '../../../../shared/message-format';
import { placementConflict, type TechnicianDay } from '../../../../shared/reachability';
import { formatTime12, minutesOfDay, pacificTimeOfDay } from '../../../../shared/time';
import type { Point } from '../../../../shared/travel';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import { findBookingView, type PlacementCheck } from '../../bookings';
import { pointOf, technicianDays } from '../../technicians';
import { travelFnFor } from '../../travel';

/** Where a booking happens for driving: null on site (at the business). */
export function bookingPoint(booking: { serviceType: string; latitude: string | null; longitude: string | null }): Point | null {
  return booking.serviceType === 'serviceLocation' ? null : pointOf(booking.latitude, booking.longitude);
}

/** Every point a day's drives may touch: the base, the technician's start and end, each job. */
export function pointsOf(base: Point, days: readonly TechnicianDay[], extra: readonly (Point | null)[] = []): Point[] {
  return [base, ...days.flatMap((d) => [d.start, d.end, ...d.jobs.map((j) => j.point)]), ...extra].filter((p): p is Point => p !== null);
}

/** "Jane Doe", "10:00 AM", "Full Detail": the job on the other side of a conflict, as the owner knows it. */
async function describeJob(db: DbOrTx, bookingId: string): Promise<{ customerName: string; time: string; service: string }> {
  const view = await findBookingView(db, bookingId);
  if (!view) return { customerName: 'another customer', time: '', service: 'job' };
  return { customerName: view.user?.fullName ?? view.guestName ?? 'a customer', time: formatTime12(pacificTimeOfDay(new Date(view.scheduledDate))), service: view.serviceName };
}

/**
 * The dispatch rule as the lifecycle verbs run it (decision 056): the booking at its target start on its
 * target technician's day, by `placementConflict`. A conflict is 409 ASSIGNMENT_CONFLICT naming the job in the
 * way and the kind, unless the owner confirmed `override`: then the history's params say what was gone past
 * (the kind, the other job's time and the drive — never another customer's name). No technician: nothing to check.
 */
export function placementCheck(ctx: AppContext, override: boolean | undefined): PlacementCheck {
  return async (tx, booking, target) => {
    if (!target.driverId) return null;
    const dateKey = target.slotId.slice(0, 10);
    const base = ctx.config.business.location;
    const day = (await technicianDays(tx, dateKey, base)).find((d) => d.technicianId === target.driverId);
    // Someone who does not work jobs (an admin taking one now and then) has no day to check.
    if (!day) return null;
    const point = bookingPoint(booking);
    const travel = await travelFnFor(ctx, pointsOf(base, [day], [point]));
    const job = { bookingId: booking.id, serviceId: booking.serviceId, startMinute: minutesOfDay(target.slotId.slice(11)), durationMinutes: target.durationMinutes, point };
    const conflict = placementConflict(day, job, travel, base);
    if (!conflict) return null;
    const otherId = conflictBookingId(conflict);
    const other = otherId ? await describeJob(tx, otherId) : null;
    const driveMinutes = 'driveMinutes' in conflict ? conflict.driveMinutes : null;
    const params = { technicianName: day.name, conflictKind: conflictKindOf(conflict), ...other, ...(driveMinutes !== null ? { driveMinutes } : {}), overridable: 'conflict' };
    if (!override) throw new AppError('ASSIGNMENT_CONFLICT', formatMessage(ASSIGNMENT_CONFLICT_MESSAGE, params, 'en'), params);
    return { conflict: params.conflictKind, ...(other?.time ? { conflictTime: other.time } : {}), ...(driveMinutes !== null ? { conflictDriveMinutes: driveMinutes } : {}) };
  };
}
