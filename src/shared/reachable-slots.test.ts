import { describe, expect, it } from 'vitest';
import type { TechnicianDay, TravelFn } from './reachability';
import { memoTravel, reachableStarts, withUnassigned } from './reachable-slots';
import { offlineTravelMinutes, type Point } from './travel';

const BASE: Point = { latitude: 37.3694, longitude: -121.9069 };
const NEXT_DOOR: Point = { latitude: 37.3695, longitude: -121.907 };
const GILROY: Point = { latitude: 37.0058, longitude: -121.5683 };
const PALO_ALTO: Point = { latitude: 37.4419, longitude: -122.143 };
const SERVICE = 'svc-wash';

/** Every half hour of 08:00–17:00. */
const HALF_HOURS = Array.from({ length: 19 }, (_, i) => 480 + i * 30);

function technician(overrides: Partial<TechnicianDay> = {}): TechnicianDay {
  return { technicianId: 'ana', name: 'Ana', serviceIds: 'all', windows: [{ startMinute: 480, endMinute: 1020 }], start: BASE, end: BASE, jobs: [], ...overrides };
}

const job = (point: Point | null, durationMinutes = 60) => ({ serviceId: SERVICE, durationMinutes, point });
const ceilToHalfHour = (minute: number) => Math.ceil(minute / 30) * 30;

describe('starts a technician can reach', () => {
  it('leaves room to drive from the start location to the first job of the day and back to the end location after the last', () => {
    const starts = reachableStarts([technician()], job(GILROY), HALF_HOURS, offlineTravelMinutes, BASE);
    const there = offlineTravelMinutes(BASE, GILROY, 480);
    expect(there).toBeGreaterThan(60);
    expect(starts[0]).toBe(ceilToHalfHour(480 + there));
    const last = starts.at(-1)!;
    expect(last + 60 + offlineTravelMinutes(GILROY, BASE, last + 60)).toBeLessThanOrEqual(1020);
    expect(last + 30 + 60 + offlineTravelMinutes(GILROY, BASE, last + 90)).toBeGreaterThan(1020);
    // Next door to the start location, every start of the window that fits the job is reachable.
    expect(reachableStarts([technician()], job(NEXT_DOOR), HALF_HOURS, offlineTravelMinutes, BASE)).toEqual(HALF_HOURS.filter((m) => m + 60 <= 1020));
  });

  it('starts and ends the day where the technician does: a start at home far away moves the first reachable job later', () => {
    const fromPaloAlto = technician({ start: PALO_ALTO, end: PALO_ALTO });
    const first = reachableStarts([fromPaloAlto], job(NEXT_DOOR), HALF_HOURS, offlineTravelMinutes, BASE)[0]!;
    expect(first).toBe(ceilToHalfHour(480 + offlineTravelMinutes(PALO_ALTO, NEXT_DOOR, 480)));
    expect(first).toBeGreaterThan(480);
  });

  it('offers fewer starts far from the day’s jobs than next to one, and none that overlap it', () => {
    const busy = technician({ jobs: [{ bookingId: 'b1', startMinute: 600, durationMinutes: 60, point: PALO_ALTO }] });
    const near = reachableStarts([busy], job({ latitude: 37.442, longitude: -122.1431 }), HALF_HOURS, offlineTravelMinutes, BASE);
    const far = reachableStarts([busy], job(GILROY), HALF_HOURS, offlineTravelMinutes, BASE);
    expect(far.length).toBeLessThan(near.length);
    expect(near).toContain(690); // right after the Palo Alto job, a block away
    expect(far).not.toContain(690);
    for (const start of [...near, ...far]) expect(start + 60 <= 600 || start >= 660).toBe(true);
  });

  it('asks only technicians who do the service, and counts an on-site job at the business with no drive from the start', () => {
    const specialist = technician({ serviceIds: ['svc-ceramic'] });
    expect(reachableStarts([specialist], job(NEXT_DOOR), HALF_HOURS, offlineTravelMinutes, BASE)).toEqual([]);
    const onSite = reachableStarts([technician()], job(null), HALF_HOURS, offlineTravelMinutes, BASE);
    expect(onSite[0]).toBe(480);
    // No technicians at all: the business does not schedule by technician, every start stands.
    expect(reachableStarts([], job(GILROY), HALF_HOURS, offlineTravelMinutes, BASE)).toEqual(HALF_HOURS);
  });

  it('places the jobs nobody has yet first, on the technician they cost least drive, so the next job finds them taken', () => {
    const ana = technician();
    const ben = technician({ technicianId: 'ben', name: 'Ben', start: PALO_ALTO, end: PALO_ALTO });
    const placed = withUnassigned([ana, ben], [{ bookingId: 'h1', serviceId: SERVICE, startMinute: 720, durationMinutes: 60, point: { latitude: 37.44, longitude: -122.14 } }], offlineTravelMinutes, BASE);
    expect(placed.find((d) => d.technicianId === 'ben')!.jobs.map((j) => j.bookingId)).toEqual(['h1']);
    expect(ana.jobs).toEqual([]); // the days given are not changed
    // With Ben's noon taken, a second noon job near Palo Alto can only go to Ana (who must drive there first).
    const noon = reachableStarts(placed, job(PALO_ALTO), [720], offlineTravelMinutes, BASE);
    expect(noon).toEqual([720]);
    const onlyBen = withUnassigned([ben], [{ bookingId: 'h1', serviceId: SERVICE, startMinute: 720, durationMinutes: 60, point: PALO_ALTO }], offlineTravelMinutes, BASE);
    expect(reachableStarts(onlyBen, job(PALO_ALTO), [720], offlineTravelMinutes, BASE)).toEqual([]);
    // A booking being moved does not stand in its own way.
    expect(reachableStarts(withUnassigned([ben], [{ bookingId: 'h1', serviceId: SERVICE, startMinute: 720, durationMinutes: 60, point: PALO_ALTO }], offlineTravelMinutes, BASE, 'h1'), job(PALO_ALTO), [720], offlineTravelMinutes, BASE)).toEqual([720]);
  });

  it('asks the drive function once per pair and departure band', () => {
    let calls = 0;
    const counted: TravelFn = (from, to, at) => {
      calls++;
      return offlineTravelMinutes(from, to, at);
    };
    const travel = memoTravel(counted);
    expect(travel(BASE, GILROY, 600)).toBe(offlineTravelMinutes(BASE, GILROY, 600));
    travel(BASE, GILROY, 660); // the same band (day)
    expect(calls).toBe(1);
    expect(travel(BASE, GILROY, 480)).toBe(offlineTravelMinutes(BASE, GILROY, 480)); // peak
    travel(GILROY, BASE, 600);
    expect(calls).toBe(3);
  });
});
