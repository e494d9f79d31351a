/**
 * Slots where a technician can get there (decision 055): the pure engine for a day of 4 technicians × 8 mobile
 * jobs (µs per day, a customer's address at a time), and GET available-slots with a location against the
 * same day on the running server, side by side with the health check (req/s ratio, p99 at 50 connections).
 */
import type { TechnicianDay } from '../src/shared/reachability';
import { memoTravel, reachableStarts } from '../src/shared/reachable-slots';
import { candidateSlots, type Occupant } from '../src/shared/slots';
import { minutesOfDay } from '../src/shared/time';
import { offlineTravelMinutes, type Point } from '../src/shared/travel';
import { figure, type Figure } from './figures';
import { dateKeyIn, sideBySide, withPostgres, type RunningApp } from './server';

const BASE: Point = { latitude: 37.3694, longitude: -121.9069 };
const TECHNICIANS = 4;
const JOBS_EACH = 8;

/** A point of the county, spread by `i` (Santa Clara County spans about 0.6° × 0.7°). */
function countyPoint(i: number): Point {
  return { latitude: 37.05 + ((i * 37) % 41) / 100, longitude: -122.15 + ((i * 53) % 61) / 100 };
}

/** Job j of technician t: an hour apart from 08:30, 40 minutes each, somewhere in the county. */
const jobStart = (j: number) => 510 + j * 60;
const JOB_MINUTES = 40;

function benchDays(): TechnicianDay[] {
  return Array.from({ length: TECHNICIANS }, (_, t) => ({
    technicianId: `t${t}`,
    name: `Technician ${t}`,
    serviceIds: 'all' as const,
    windows: [{ startMinute: 480, endMinute: 1200 }],
    start: BASE,
    end: BASE,
    jobs: Array.from({ length: JOBS_EACH }, (_, j) => ({ bookingId: `b${t}-${j}`, startMinute: jobStart(j), durationMinutes: JOB_MINUTES, point: countyPoint(t * JOBS_EACH + j) })),
  }));
}

/** The engine for one day and one customer address: the capacity maths, then who can get there (best of 5 batches). */
export function reachEngineBench(): number {
  const days = benchDays();
  const occupants: Occupant[] = days.flatMap((d) => d.jobs.map((j) => ({ startMinute: j.startMinute, durationMinutes: j.durationMinutes })));
  const customers = Array.from({ length: 16 }, (_, i) => countyPoint(100 + i));
  let n = 0;
  const day = () => {
    const open = candidateSlots({ dateKey: '2026-11-24', windows: [{ start: '08:00', end: '20:00', capacity: 10 }], occupants, durationMinutes: 60, earliestStartMinute: -1 }).filter((s) => s.availableCapacity > 0);
    // A fresh memo per request, as the server makes one: nothing carries over between customers.
    const travel = memoTravel(offlineTravelMinutes);
    return reachableStarts(days, { serviceId: 's', durationMinutes: 60, point: customers[n++ % customers.length]! }, open.map((s) => minutesOfDay(s.startTime)), travel, BASE).length;
  };
  for (let i = 0; i < 2_000; i++) day();
  const runs = 5_000;
  let best = Number.POSITIVE_INFINITY;
  let offered = 0;
  for (let batch = 0; batch < 5; batch++) {
    const started = performance.now();
    for (let i = 0; i < runs; i++) offered += day();
    best = Math.min(best, ((performance.now() - started) / runs) * 1000);
  }
  console.log(`reachable slot engine: ${best.toFixed(1)} µs per day with ${TECHNICIANS} technicians × ${JOBS_EACH} jobs (${(offered / runs / 5).toFixed(1)} reachable starts each)`);
  return best;
}

/** A weekday two to three weeks out, far from the booking bench's days. */
function reachDay(): string {
  for (let i = 20; ; i++) {
    const key = dateKeyIn(i);
    if (new Date(`${key}T12:00:00Z`).getUTCDay() !== 0) return key;
  }
}

/** The bench day on the server: open 08:00–20:00 for 10 at a time, 4 drivers with 8 mobile jobs each. */
async function seedReachDay(databaseUrl: string, day: string): Promise<void> {
  await withPostgres(databaseUrl, async (sql) => {
    await sql(`delete from business_availability where date = $1::date`, [day]);
    await sql(`insert into business_availability (date, start_time, end_time, max_capacity, is_active) values ($1::date, '08:00', '20:00', 10, true)`, [day]);
    const [service] = await sql(`select id from services where name = 'Express Exterior Wash'`);
    for (let t = 0; t < TECHNICIANS; t++) {
      const [user] = await sql(
        `insert into users (full_name, username, email, password_hash, role) values ($1, $2, $3, 'bench', 'driver') returning id`,
        [`Reach Technician ${t}`, `reach-tech-${t}-${process.pid}`, `reach-tech-${t}-${process.pid}@example.com`],
      );
      for (let j = 0; j < JOBS_EACH; j++) {
        const point = countyPoint(t * JOBS_EACH + j);
        const minute = jobStart(j);
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        await sql(
          `insert into bookings (service_id, service_type, scheduled_date, duration_minutes, business_date, service_price, total_amount, tax, status, payment_status, assigned_driver_id, latitude, longitude)
           values ($1, 'mobile', ($2::date + $3::time) at time zone 'America/Los_Angeles', $4, $2::date, '49.00', '58.00', '4.00', 'confirmed', 'unpaid', $5, $6, $7)`,
          [service!.id, day, time, JOB_MINUTES, user!.id, String(point.latitude), String(point.longitude)],
        );
      }
    }
  });
}

/** available-slots at 16 customer addresses on the bench day, in rounds alternating with the health check. */
export async function reachSlotsFigures(app: RunningApp, databaseUrl: string, seconds: number, rounds: number): Promise<{ figures: Figure[]; notes: Record<string, unknown> }> {
  const day = reachDay();
  await seedReachDay(databaseUrl, day);
  const services = (await (await fetch(`${app.url}/api/services`)).json()) as { id: string }[];
  const paths = Array.from({ length: 16 }, (_, i) => {
    const p = countyPoint(100 + i);
    return `/api/services/${services[i % 3]!.id}/available-slots?date=${day}&lat=${p.latitude}&lng=${p.longitude}`;
  });
  const side = await sideBySide(app.url, ['/api/ready'], paths, rounds, seconds);
  const offered = ((await (await fetch(`${app.url}${paths[0]}`)).json()) as unknown[]).length;
  return {
    figures: [
      figure('reachable slots ÷ health (4 technicians × 8 jobs)', side.ratio, 'ratio', '≥', 0.5),
      figure('reachable slots p99', side.p99b, 'ms', '≤', 25),
    ],
    notes: { reachSlots: { day, healthRps: Math.round(side.a), slotsRps: Math.round(side.b), healthP99Ms: side.p99a, slotsP99Ms: side.p99b, startsAtFirstAddress: offered, errors: side.errors } },
  };
}
