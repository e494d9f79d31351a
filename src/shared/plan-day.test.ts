import { describe, expect, it } from 'vitest';
import { dayDriveMinutes, planDay, promisedWindow, PROMISED_WINDOW_MINUTES } from './plan-day';
import { placementConflict, type TechnicianDay, type TechnicianJob, type TravelFn } from './reachability';

/** A line of places: 10 minutes per unit of latitude, whatever the hour. */
const travel: TravelFn = (from, to) => Math.round(Math.abs(from.latitude - to.latitude) * 10);
const at = (latitude: number) => ({ latitude, longitude: 0 });
const home = at(0);
const job = (bookingId: string, hhmm: string, latitude: number, durationMinutes = 30): TechnicianJob => {
  const [h, m] = hhmm.split(':').map(Number);
  return { bookingId, startMinute: h! * 60 + m!, durationMinutes, point: at(latitude) };
};
const dayOf = (jobs: TechnicianJob[]): TechnicianDay => ({
  technicianId: 't1',
  name: 'Tess',
  serviceIds: 'all',
  windows: [{ startMinute: 8 * 60, endMinute: 18 * 60 }],
  start: home,
  end: home,
  jobs,
});

/** Every planned job inside its promised window and placeable against the others at their new starts. */
function expectValid(day: TechnicianDay, plan: ReturnType<typeof planDay>): void {
  const planned = plan.order.map((o) => ({ ...day.jobs.find((j) => j.bookingId === o.bookingId)!, startMinute: o.startMinute }));
  for (const o of plan.order) {
    const booked = day.jobs.find((j) => j.bookingId === o.bookingId)!.startMinute;
    const { earliest, latest } = promisedWindow(booked);
    expect(o.startMinute).toBeGreaterThanOrEqual(earliest);
    expect(o.startMinute).toBeLessThanOrEqual(latest);
  }
  const after = { ...day, jobs: planned };
  for (const j of planned) expect(placementConflict(after, { ...j, serviceId: 's' }, travel, home)).toBeNull();
  expect(plan.afterMinutes).toBe(dayDriveMinutes(day, planned, travel, home));
}

describe('Plan day', () => {
  it('finds the order that stops zig-zagging across the county, and says before → after', () => {
    // East at 9:00, next to home at 10:00, east again at 11:00: 30 + 25 + 27 + 32 = 114 minutes.
    const day = dayOf([job('east', '09:00', 3), job('near', '10:00', 0.5), job('east2', '11:00', 3.2)]);
    const plan = planDay(day, travel, home);
    expect(plan.beforeMinutes).toBe(114);
    expect(plan.afterMinutes).toBe(64);
    // The two eastern jobs are back to back.
    const ids = plan.order.map((o) => o.bookingId);
    expect(Math.abs(ids.indexOf('east') - ids.indexOf('east2'))).toBe(1);
    expect(plan.moves.length).toBeGreaterThan(0);
    expectValid(day, plan);
  });

  it("keeps each job inside its customer's promised window even when a wider move would save more", () => {
    // The second eastern job is booked for the afternoon: pulling it next to the morning one would break its window.
    const day = dayOf([job('east', '09:00', 3), job('near', '10:00', 0.5), job('east2', '15:00', 3.2)]);
    const plan = planDay(day, travel, home);
    expectValid(day, plan);
    const east2 = plan.order.find((o) => o.bookingId === 'east2')!;
    expect(Math.abs(east2.startMinute - 15 * 60)).toBeLessThanOrEqual(PROMISED_WINDOW_MINUTES);
  });

  it('keeps a job under way at its start and orders the others around it', () => {
    const day = dayOf([job('east', '09:00', 3), job('near', '10:00', 0.5), job('east2', '11:00', 3.2)]);
    // The first eastern job started: only the others may move, and none of them may take its time.
    const plan = planDay(day, travel, home, new Set(['east']));
    expect(plan.order.find((o) => o.bookingId === 'east')!.startMinute).toBe(9 * 60);
    expect(plan.moves.map((m) => m.bookingId)).not.toContain('east');
    expect(plan.afterMinutes).toBeLessThanOrEqual(plan.beforeMinutes);
    expectValid(day, plan);
    // With nothing movable, nothing moves.
    expect(planDay(day, travel, home, new Set(['east', 'near', 'east2'])).moves).toEqual([]);
  });

  it('changes nothing when the day is already the best', () => {
    const day = dayOf([job('a', '09:00', 1), job('b', '10:00', 2), job('c', '11:00', 3)]);
    const plan = planDay(day, travel, home);
    expect(plan.afterMinutes).toBe(plan.beforeMinutes);
    expect(plan.moves).toEqual([]);
  });

  it('is never worse than the day as it is, exact up to 8 jobs and greedy + 2-opt beyond', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (const count of [4, 6, 8, 11]) {
      for (let round = 0; round < 4; round++) {
        const jobs = Array.from({ length: count }, (_, i) => {
          const minute = 8 * 60 + 30 + i * 45;
          return job(`j${i}`, `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`, Math.round(random() * 20) / 10, 30);
        });
        const day = dayOf(jobs);
        const plan = planDay(day, travel, home);
        expect(plan.afterMinutes).toBeLessThanOrEqual(plan.beforeMinutes);
        expect(plan.order).toHaveLength(count);
        if (plan.moves.length) expectValid(day, plan);
      }
    }
  });
});
