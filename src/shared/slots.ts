import { MIN_NOTICE_MINUTES, SLOT_MINUTES } from './constants';
import { minutesOfDay, timeFromMinutes, wallTimeExists } from './time';

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

/** How many bookings stand in each step (blocked time counts as full). */
export function stepUsage(occupants: Occupant[]): Map<number, number> {
  const usage = new Map<number, number>();
  for (const o of occupants) {
    for (const step of stepsCovered(o.startMinute, o.durationMinutes)) {
      usage.set(step, o.blocked ? FULL : (usage.get(step) ?? 0) + 1);
    }
  }
  return usage;
}

/** Capacity of each open step of the day; where windows overlap the larger capacity wins. */
export function stepCapacities(windows: OpenWindow[]): Map<number, number> {
  const capacity = new Map<number, number>();
  for (const w of windows) {
    const start = minutesOfDay(w.start);
    const end = minutesOfDay(w.end);
    for (let m = Math.ceil(start / SLOT_MINUTES) * SLOT_MINUTES; m + SLOT_MINUTES <= end; m += SLOT_MINUTES) {
      capacity.set(m, Math.max(capacity.get(m) ?? 0, w.capacity));
    }
  }
  return capacity;
}

export interface CandidateOptions {
  dateKey: string;
  windows: OpenWindow[];
  occupants: Occupant[];
  durationMinutes: number;
  /** Starts before this wall-clock minute are not offered (past and minimum notice); -1 for none. */
  earliestStartMinute: number;
}

/** Every start of the day with its capacity and what is left; full starts are kept with 0 left. */
export function candidateSlots(options: CandidateOptions): SlotCandidate[] {
  const capacities = stepCapacities(options.windows);
  // On the spring-forward day the hour from 02:00 does not exist: no start in it, no booking across it.
  for (const step of capacities.keys()) if (!wallTimeExists(options.dateKey, timeFromMinutes(step))) capacities.delete(step);
  const usage = stepUsage(options.occupants);
  const starts = [...capacities.keys()].sort((a, b) => a - b);
  const slots: SlotCandidate[] = [];
  for (const start of starts) {
    if (start < options.earliestStartMinute) continue;
    const steps = stepsCovered(start, options.durationMinutes);
    if (!steps.every((step) => capacities.has(step))) continue; // the whole duration must fit in open time
    const capacity = Math.min(...steps.map((step) => capacities.get(step)!));
    const available = Math.min(...steps.map((step) => capacities.get(step)! - (usage.get(step) ?? 0)));
    slots.push({
      id: `${options.dateKey}T${timeFromMinutes(start)}`,
      startTime: timeFromMinutes(start),
      endTime: timeFromMinutes(start + options.durationMinutes),
      capacity,
      availableCapacity: Math.max(0, available),
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
