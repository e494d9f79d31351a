import { MIN_NOTICE_MINUTES, SLOT_MINUTES } from './constants';
import { addDaysToKey, minutesOfDay, pacificInstant, timeFromMinutes, wallTimeExists } from './time';

/**
 * Slot maths, pure: a business day is a set of open windows (wall-clock minutes, Pacific) each with a
 * capacity; bookings occupy every 30-minute step their duration covers; a start is offered only where the
 * whole duration fits inside open time and every step it covers has room.
 */
export interface OpenWindow {
  start: string; // HH:mm
  end: string; // HH:mm
  capacity: number;
}

export interface Occupant {
  /** Start as wall-clock minutes of the business day. */
  startMinute: number;
  durationMinutes: number;
  /** Blocked time fills its steps whatever the capacity. */
  blocked?: boolean;
}

export interface SlotCandidate {
  /** `${dateKey}T${HH:mm}`: the id the client sends back. */
  id: string;
  startTime: string; // HH:mm
  endTime: string; // HH:mm
  capacity: number;
  availableCapacity: number;
}

export const FULL = Number.POSITIVE_INFINITY;

/** The steps (start minute of each 30-minute step) that a booking covers. */
export function stepsCovered(startMinute: number, durationMinutes: number): number[] {
  const first = Math.floor(startMinute / SLOT_MINUTES) * SLOT_MINUTES;
  const end = startMinute + Math.max(durationMinutes, 1);
  const steps: number[] = [];
  for (let m = first; m < end; m += SLOT_MINUTES) steps.push(m);
  return steps;
}

export interface CandidateOptions {
  dateKey: string;
  windows: OpenWindow[];
  occupants: Occupant[];
  durationMinutes: number;
  /** Starts before this wall-clock minute are not offered (past and minimum notice); -1 for none. */
  earliestStartMinute: number;
}

/** Steps of one business day (a window may reach 24:00; a booking may run past it into no open step). */
const DAY_STEPS = (24 * 60) / SLOT_MINUTES;

/** 'HH:mm' of each minute, built once: the engine formats no time while it counts. */
const CLOCK: string[] = [];
function clock(minute: number): string {
  return (CLOCK[minute] ??= timeFromMinutes(minute));
}

/**
 * Steps whose wall-clock start does not exist on the day (the hour skipped when clocks spring forward),
 * worked out once per date: a day is checked step by step only when it is not 24 hours long.
 */
const skippedSteps = new Map<string, readonly number[]>();
function stepsSkippedOn(dateKey: string): readonly number[] {
  const known = skippedSteps.get(dateKey);
  if (known) return known;
  const skipped: number[] = [];
  const length = (pacificInstant(addDaysToKey(dateKey, 1), '00:00').getTime() - pacificInstant(dateKey, '00:00').getTime()) / 60_000;
  if (length < 24 * 60) for (let s = 0; s < DAY_STEPS; s++) if (!wallTimeExists(dateKey, clock(s * SLOT_MINUTES))) skipped.push(s);
  if (skippedSteps.size > 4096) skippedSteps.clear();
  skippedSteps.set(dateKey, skipped);
  return skipped;
}

/**
 * Every start of the day with its capacity and what is left; full starts are kept with 0 left. Works on
 * integer steps (arrays indexed by step of the day): no maps, no time formatting until a start is offered.
 */
export function candidateSlots(options: CandidateOptions): SlotCandidate[] {
  // capacity[s] < 0: step s is not open.
  const capacity = new Float64Array(DAY_STEPS).fill(-1);
  for (const w of options.windows) {
    const end = minutesOfDay(w.end);
    for (let s = Math.ceil(minutesOfDay(w.start) / SLOT_MINUTES); s < DAY_STEPS && (s + 1) * SLOT_MINUTES <= end; s++) {
      if (w.capacity > capacity[s]!) capacity[s] = w.capacity;
    }
  }
  // On the spring-forward day the hour from 02:00 does not exist: no start in it, no booking across it.
  for (const s of stepsSkippedOn(options.dateKey)) capacity[s] = -1;
  const usage = new Float64Array(DAY_STEPS);
  for (const o of options.occupants) {
    const end = o.startMinute + Math.max(o.durationMinutes, 1);
    for (let s = Math.floor(o.startMinute / SLOT_MINUTES); s < DAY_STEPS && s * SLOT_MINUTES < end; s++) usage[s] = o.blocked ? FULL : usage[s]! + 1;
  }
  const span = Math.ceil(Math.max(options.durationMinutes, 1) / SLOT_MINUTES);
  const slots: SlotCandidate[] = [];
  for (let start = 0; start < DAY_STEPS; start++) {
    if (capacity[start]! < 0) continue;
    const startMinute = start * SLOT_MINUTES;
    if (startMinute < options.earliestStartMinute) continue;
    if (start + span > DAY_STEPS) break;
    let least = FULL;
    let left = FULL;
    let fits = true;
    for (let s = start; s < start + span; s++) {
      const c = capacity[s]!;
      if (c < 0) {
        fits = false; // the whole duration must fit in open time
        break;
      }
      if (c < least) least = c;
      if (c - usage[s]! < left) left = c - usage[s]!;
    }
    if (!fits) continue;
    const startTime = clock(startMinute);
    slots.push({
      id: `${options.dateKey}T${startTime}`,
      startTime,
      endTime: clock(startMinute + options.durationMinutes),
      capacity: least,
      availableCapacity: Math.max(0, left),
    });
  }
  return slots;
}

/** The first minute of `dateKey` a booking may start, given the current Pacific date and time. */
export function earliestStartMinute(dateKey: string, todayKey: string, nowMinute: number, noticeMinutes = MIN_NOTICE_MINUTES): number {
  if (dateKey < todayKey) return Number.POSITIVE_INFINITY;
  if (dateKey > todayKey) return -1;
  return nowMinute + noticeMinutes;
}

export function parseSlotId(slotId: string): { dateKey: string; time: string } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/.exec(slotId);
  if (!match) return undefined;
  return { dateKey: match[1]!, time: `${match[2]}:${match[3]}` };
}

/** Closures apply on their date, and recurring ones on the same month and day every year. */
export function closureApplies(closure: { date: string; isRecurring: boolean }, dateKey: string): boolean {
  return closure.date === dateKey || (closure.isRecurring && closure.date.slice(5) === dateKey.slice(5));
}
