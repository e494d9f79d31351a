import { SLOT_MINUTES } from './constants';
import { placementConflict, type TechnicianDay, type TechnicianJob, type TravelFn } from './reachability';
import type { Point } from './travel';

/**
 * "Plan day" (decision 056), pure: reorders one technician's jobs to cut the day's total drive, each job kept
 * inside its customer's promised window (the booked start ± PROMISED_WINDOW_MINUTES) on the 30-minute grid of
 * bookable starts, every job still placeable by the one placement rule (`placementConflict`). An exact
 * search for up to EXACT_LIMIT jobs, greedy + 2-opt beyond; never worse than the day as it is.
 */

/** How far "Plan day" may move a job's start either way from what the customer booked. */
export const PROMISED_WINDOW_MINUTES = 60;
/** Up to this many jobs every order is tried (with pruning); beyond it greedy + 2-opt. */
export const EXACT_LIMIT = 8;

export interface PlannedMove {
  bookingId: string;
  fromMinute: number;
  toMinute: number;
}

export interface DayPlan {
  /** The day's drive as it is: start → jobs in time order → end. */
  beforeMinutes: number;
  /** The planned day's drive (equal to before when nothing better was found). */
  afterMinutes: number;
  /** The jobs in the planned order with their new starts. */
  order: { bookingId: string; startMinute: number }[];
  /** Only the jobs whose start changes. */
  moves: PlannedMove[];
}

const placeOf = (point: Point | null, base: Point): Point => point ?? base;

/** The promised window of a job: the starts a plan may give it. */
export function promisedWindow(bookedStartMinute: number): { earliest: number; latest: number } {
  return { earliest: bookedStartMinute - PROMISED_WINDOW_MINUTES, latest: bookedStartMinute + PROMISED_WINDOW_MINUTES };
}

/** The day's total drive for jobs at their starts: from the start location, between jobs in time order, to the end location. */
export function dayDriveMinutes(day: Pick<TechnicianDay, 'start' | 'end' | 'windows'>, jobs: readonly TechnicianJob[], travel: TravelFn, base: Point): number {
  const sorted = [...jobs].sort((a, b) => a.startMinute - b.startMinute);
  if (!sorted.length) return 0;
  const first = sorted[0]!;
  const leaveHome = day.windows.find((w) => first.startMinute >= w.startMinute)?.startMinute ?? first.startMinute;
  let total = travel(day.start, placeOf(first.point, base), leaveHome);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    total += travel(placeOf(prev.point, base), placeOf(sorted[i]!.point, base), prev.startMinute + prev.durationMinutes);
  }
  const last = sorted.at(-1)!;
  return total + travel(placeOf(last.point, base), day.end, last.startMinute + last.durationMinutes);
}

const ceilToGrid = (minute: number): number => Math.ceil(minute / SLOT_MINUTES) * SLOT_MINUTES;

/**
 * Times an order of jobs: each starts at the earliest grid start inside a working window from when the
 * technician can arrive and its promised window opens. Null when some job cannot start within its window.
 * Returns the starts and the drive so far (including the drive home once the order is complete).
 */
function timeOrder(day: TechnicianDay, order: readonly TechnicianJob[], travel: TravelFn, base: Point, complete: boolean, fixed: ReadonlySet<string>): { starts: number[]; drive: number } | null {
  const starts: number[] = [];
  let drive = 0;
  let at = day.start;
  let free = day.windows[0]?.startMinute ?? 0;
  for (const job of order) {
    const here = placeOf(job.point, base);
    const leg = travel(at, here, free);
    // A job that may not move (started, on its way) keeps its start: its window is that one minute.
    const { earliest, latest } = fixed.has(job.bookingId) ? { earliest: job.startMinute, latest: job.startMinute } : promisedWindow(job.startMinute);
    let start = ceilToGrid(Math.max(free + leg, earliest));
    const window = day.windows.find((w) => start + job.durationMinutes <= w.endMinute && w.endMinute - w.startMinute >= job.durationMinutes);
    if (!window) return null;
    if (start < window.startMinute) start = ceilToGrid(Math.max(window.startMinute + travel(day.start, here, window.startMinute), start));
    if (start > latest || start + job.durationMinutes > window.endMinute) return null;
    starts.push(start);
    drive += leg;
    at = here;
    free = start + job.durationMinutes;
  }
  if (complete && order.length) drive += travel(at, day.end, free);
  return { starts, drive };
}

/** True when every job of the timed order passes the placement rule against the others at their new starts. */
function placeable(day: TechnicianDay, order: readonly TechnicianJob[], starts: readonly number[], travel: TravelFn, base: Point): boolean {
  const jobs = order.map((job, i) => ({ ...job, startMinute: starts[i]! }));
  const planned: TechnicianDay = { ...day, serviceIds: 'all', jobs };
  return jobs.every((job) => placementConflict(planned, { ...job, serviceId: '' }, travel, base) === null);
}

/**
 * The best order of `jobs` for `day` (decision 056): never worse than the day as it is. The jobs of `fixed`
 * (those under way, which no plan may move) keep their starts; the others are ordered around them.
 */
export function planDay(day: TechnicianDay, travel: TravelFn, base: Point, fixed: ReadonlySet<string> = new Set()): DayPlan {
  const current = [...day.jobs].sort((a, b) => a.startMinute - b.startMinute);
  const beforeMinutes = dayDriveMinutes(day, current, travel, base);
  let best: { order: TechnicianJob[]; starts: number[]; drive: number } = { order: current, starts: current.map((j) => j.startMinute), drive: beforeMinutes };

  /** Keeps `order` when it is feasible and better than the best so far (true then). */
  const consider = (order: TechnicianJob[]): boolean => {
    const timed = timeOrder(day, order, travel, base, true, fixed);
    if (!timed || timed.drive >= best.drive) return false;
    if (!placeable(day, order, timed.starts, travel, base)) return false;
    best = { order: [...order], starts: timed.starts, drive: timed.drive };
    return true;
  };

  if (current.length <= EXACT_LIMIT) {
    // Every order, depth first, cut as soon as its drive so far is no better than the best whole day.
    const chosen: TechnicianJob[] = [];
    const used = new Set<number>();
    const search = (): void => {
      if (chosen.length === current.length) {
        consider(chosen);
        return;
      }
      for (let i = 0; i < current.length; i++) {
        if (used.has(i)) continue;
        chosen.push(current[i]!);
        const partial = timeOrder(day, chosen, travel, base, false, fixed);
        if (partial && partial.drive < best.drive) {
          used.add(i);
          search();
          used.delete(i);
        }
        chosen.pop();
      }
    };
    search();
  } else {
    consider(nearestNeighbour(day, current, travel, base, fixed));
    twoOpt(best.order, consider);
  }

  const order = best.order.map((job, i) => ({ bookingId: job.bookingId, startMinute: best.starts[i]! }));
  const moves = best.order
    .map((job, i) => ({ bookingId: job.bookingId, fromMinute: job.startMinute, toMinute: best.starts[i]! }))
    .filter((m) => m.fromMinute !== m.toMinute);
  return { beforeMinutes, afterMinutes: best.drive, order, moves };
}

/** Greedy: from where the technician is, the nearest job whose promised window still allows it next. */
function nearestNeighbour(day: TechnicianDay, jobs: readonly TechnicianJob[], travel: TravelFn, base: Point, fixed: ReadonlySet<string>): TechnicianJob[] {
  const left = [...jobs];
  const order: TechnicianJob[] = [];
  while (left.length) {
    let pick = -1;
    let pickDrive = Infinity;
    for (let i = 0; i < left.length; i++) {
      const timed = timeOrder(day, [...order, left[i]!], travel, base, false, fixed);
      if (timed && timed.drive < pickDrive) {
        pick = i;
        pickDrive = timed.drive;
      }
    }
    if (pick < 0) return [...order, ...left];
    order.push(left.splice(pick, 1)[0]!);
  }
  return order;
}

/** 2-opt: reverses segments of the order while that gives a better day. */
function twoOpt(start: readonly TechnicianJob[], consider: (order: TechnicianJob[]) => boolean): void {
  let order = [...start];
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (let i = 0; i < order.length - 1; i++) {
      for (let k = i + 1; k < order.length; k++) {
        const candidate = [...order.slice(0, i), ...order.slice(i, k + 1).reverse(), ...order.slice(k + 1)];
        if (consider(candidate)) {
          order = candidate;
          improved = true;
        }
      }
    }
  }
}
