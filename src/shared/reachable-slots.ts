import { placementConflict, techniciansFor, type ProposedJob, type TechnicianDay, type TechnicianJob, type TravelFn } from './reachability';
import { travelBand, type Point } from './travel';

/**
 * Starts someone can get to (decision 055), pure: the slot list's and the claim's one question over the
 * rule of shared/reachability.ts. A day's jobs not yet given to a technician (holds, unpaid appointments)
 * still need one: they are placed first, in start order, each with the technician it costs least drive,
 * so the next customer is offered only what is left after them.
 */

/** A booking of the day without a technician that still takes one's time (a live hold, an unassigned job). */
export interface UnassignedJob extends TechnicianJob {
  serviceId: string;
}

/** The three departure bands: a drive time depends on its pair of points and its band only. */
const BAND_INDEX = { peak: 0, day: 1, night: 2 } as const;

/**
 * The drive function remembered per pair of points (by identity: the day's points and the customer's are
 * the same objects on every call) and per departure band, so the engine computes or looks up each drive once.
 */
export function memoTravel(travel: TravelFn): TravelFn {
  const memo = new Map<Point, Map<Point, number[]>>();
  return (from, to, departMinute) => {
    let row = memo.get(from);
    if (!row) memo.set(from, (row = new Map()));
    let bands = row.get(to);
    if (!bands) row.set(to, (bands = [-1, -1, -1]));
    const band = BAND_INDEX[travelBand(departMinute)];
    const known = bands[band]!;
    if (known >= 0) return known;
    return (bands[band] = travel(from, to, departMinute));
  };
}

/**
 * The technicians' days with the unassigned jobs placed on them (least added drive first, in start order);
 * a job nobody can take is left out (the owner's to sort out on the dispatch board). `excludeBookingId`: a
 * booking being moved or assigned does not stand in its own way.
 */
export function withUnassigned(days: readonly TechnicianDay[], unassigned: readonly UnassignedJob[], travel: TravelFn, base: Point, excludeBookingId?: string): TechnicianDay[] {
  const placed = days.map((day) => ({ ...day, jobs: [...day.jobs] }));
  const byId = new Map(placed.map((day) => [day.technicianId, day]));
  const ordered = [...unassigned].filter((j) => j.bookingId !== excludeBookingId).sort((a, b) => a.startMinute - b.startMinute);
  for (const job of ordered) {
    const [best] = techniciansFor(placed, job, travel, base);
    if (best) byId.get(best.technicianId)!.jobs.push({ bookingId: job.bookingId, startMinute: job.startMinute, durationMinutes: job.durationMinutes, point: job.point });
  }
  return placed;
}

/** Whether some technician can take `job` at its start. No technicians at all: the business does not schedule by technician (yes). */
export function someoneCanReach(days: readonly TechnicianDay[], job: ProposedJob, travel: TravelFn, base: Point): boolean {
  if (!days.length) return true;
  return days.some((day) => placementConflict(day, job, travel, base) === null);
}

/**
 * The starts (wall-clock minutes) of `startMinutes` that some technician can reach with a job of
 * `durationMinutes` for `serviceId` at `point` (null: at the business).
 */
export function reachableStarts(
  days: readonly TechnicianDay[],
  job: { serviceId: string; durationMinutes: number; point: Point | null; bookingId?: string },
  startMinutes: readonly number[],
  travel: TravelFn,
  base: Point,
): number[] {
  if (!days.length) return [...startMinutes];
  const able = days.filter((day) => day.windows.length && (day.serviceIds === 'all' || day.serviceIds.includes(job.serviceId)));
  const proposed: ProposedJob = { ...job, startMinute: 0 };
  return startMinutes.filter((startMinute) => {
    proposed.startMinute = startMinute;
    return able.some((day) => placementConflict(day, proposed, travel, base) === null);
  });
}
