import type { Point } from './travel';

/**
 * Who can get there (decision 051), pure: a technician's day is their working windows, where they start and
 * end, and the jobs they already have; a job fits a technician at a start when they do its service, it lies
 * inside one window, it overlaps no job, and the drives from the job before (or the start location) and on
 * to the job after (or the end location) fit in the gaps. Minutes are wall-clock minutes of the business day
 * (Pacific). Drive times come from `travel`, which the server fills from its cached travel interface.
 */

export interface TechnicianJob {
  bookingId: string;
  startMinute: number;
  durationMinutes: number;
  /** Where the job happens; null for an on-site job (at the business: no drive to it for the technician). */
  point: Point | null;
}

export interface TechnicianDay {
  technicianId: string;
  name: string;
  /** The services they do; 'all' when not limited. */
  serviceIds: readonly string[] | 'all';
  /** Working windows of the day, ascending, as [startMinute, endMinute). Empty: not working. */
  windows: readonly { startMinute: number; endMinute: number }[];
  start: Point;
  end: Point;
  /** The day's jobs, any order. */
  jobs: readonly TechnicianJob[];
}

export interface ProposedJob {
  /** Ignored in the technician's own jobs (a job being moved frees its place). */
  bookingId?: string;
  serviceId: string;
  startMinute: number;
  durationMinutes: number;
  point: Point | null;
}

/** Minutes to drive between two points leaving at a minute of the day. */
export type TravelFn = (from: Point, to: Point, departMinute: number) => number;

export type PlacementConflict =
  | { kind: 'service' }
  | { kind: 'outside_hours' }
  | { kind: 'overlap'; bookingId: string }
  | { kind: 'drive_before'; bookingId: string | null; driveMinutes: number }
  | { kind: 'drive_after'; bookingId: string | null; driveMinutes: number };

/** The place a job happens for driving purposes: on-site jobs are at the business (the technician's base). */
function placeOf(point: Point | null, base: Point): Point {
  return point ?? base;
}

/**
 * Why `job` cannot go on `day` at its start, or null when it fits. `base` is the business's address (where
 * on-site jobs happen). Checks in order: service, hours, overlap, drive before, drive after.
 */
export function placementConflict(day: TechnicianDay, job: ProposedJob, travel: TravelFn, base: Point): PlacementConflict | null {
  if (day.serviceIds !== 'all' && !day.serviceIds.includes(job.serviceId)) return { kind: 'service' };
  const end = job.startMinute + job.durationMinutes;
  if (!day.windows.some((w) => job.startMinute >= w.startMinute && end <= w.endMinute)) return { kind: 'outside_hours' };
  let before: TechnicianJob | null = null;
  let after: TechnicianJob | null = null;
  for (const other of day.jobs) {
    if (other.bookingId === job.bookingId) continue;
    const otherEnd = other.startMinute + other.durationMinutes;
    if (other.startMinute < end && job.startMinute < otherEnd) return { kind: 'overlap', bookingId: other.bookingId };
    if (otherEnd <= job.startMinute && (!before || otherEnd > before.startMinute + before.durationMinutes)) before = other;
    if (other.startMinute >= end && (!after || other.startMinute < after.startMinute)) after = other;
  }
  const here = placeOf(job.point, base);
  if (before) {
    const beforeEnd = before.startMinute + before.durationMinutes;
    const drive = travel(placeOf(before.point, base), here, beforeEnd);
    if (beforeEnd + drive > job.startMinute) return { kind: 'drive_before', bookingId: before.bookingId, driveMinutes: drive };
  } else {
    // From the start location, leaving no earlier than the window that holds the job opens.
    const window = day.windows.find((w) => job.startMinute >= w.startMinute && end <= w.endMinute)!;
    const drive = travel(day.start, here, window.startMinute);
    if (window.startMinute + drive > job.startMinute) return { kind: 'drive_before', bookingId: null, driveMinutes: drive };
  }
  if (after) {
    const drive = travel(here, placeOf(after.point, base), end);
    if (end + drive > after.startMinute) return { kind: 'drive_after', bookingId: after.bookingId, driveMinutes: drive };
  } else {
    const window = day.windows.find((w) => job.startMinute >= w.startMinute && end <= w.endMinute)!;
    const drive = travel(here, day.end, end);
    if (end + drive > window.endMinute) return { kind: 'drive_after', bookingId: null, driveMinutes: drive };
  }
  return null;
}

/** The technicians who can take `job` at its start, each with the drive time it adds to their day. */
export function techniciansFor(days: readonly TechnicianDay[], job: ProposedJob, travel: TravelFn, base: Point): { technicianId: string; addedDriveMinutes: number }[] {
  const fits: { technicianId: string; addedDriveMinutes: number }[] = [];
  for (const day of days) {
    if (placementConflict(day, job, travel, base)) continue;
    fits.push({ technicianId: day.technicianId, addedDriveMinutes: addedDrive(day, job, travel, base) });
  }
  return fits.sort((a, b) => a.addedDriveMinutes - b.addedDriveMinutes);
}

/** How much longer the day's driving gets with `job` in it (the assignment rule: least added drive wins). */
export function addedDrive(day: TechnicianDay, job: ProposedJob, travel: TravelFn, base: Point): number {
  const jobs = day.jobs.filter((j) => j.bookingId !== job.bookingId);
  const end = job.startMinute + job.durationMinutes;
  let before: TechnicianJob | null = null;
  let after: TechnicianJob | null = null;
  for (const other of jobs) {
    if (other.startMinute + other.durationMinutes <= job.startMinute && (!before || other.startMinute > before.startMinute)) before = other;
    if (other.startMinute >= end && (!after || other.startMinute < after.startMinute)) after = other;
  }
  const here = placeOf(job.point, base);
  const from = before ? placeOf(before.point, base) : day.start;
  const to = after ? placeOf(after.point, base) : day.end;
  const leave = before ? before.startMinute + before.durationMinutes : job.startMinute;
  return travel(from, here, leave) + travel(here, to, end) - travel(from, to, leave);
}
