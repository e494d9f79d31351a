import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToKey, dayOfWeek, minutesOfDay, pacificDateKey } from '../../../../shared/time';
import { offlineTravelMinutes, type Point } from '../../../../shared/travel';
import { bookings } from '../../../db/schema';
import { createBooking } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

interface LaneJob { id: string; time: string; durationMinutes: number; serviceName: string; customerName: string; driveMinutesBefore: number | null; assignedDriverId: string | null }
interface Lanes {
  date: string;
  lanes: Array<{ technicianId: string; name: string; worksJobs: boolean; hours: { start: string; end: string }[]; start: Point; end: Point; jobs: LaneJob[]; driveMinutesHome: number; totalDriveMinutes: number }>;
  unassigned: { items: LaneJob[]; page: number; pageSize: number; total: number };
}
interface History { updates: { kind: string; params: Record<string, unknown> }[] }

/** The n-th Wednesday ahead (an open day in the default hours); each test takes its own day. */
function wednesday(n: number): string {
  let day = addDaysToKey(pacificDateKey(new Date(t.clock.now)), 2);
  while (dayOfWeek(day) !== 3) day = addDaysToKey(day, 1);
  return addDaysToKey(day, 7 * n);
}

const lanesOf = async (query: string) => {
  const response = await t.call('GET', `/api/admin/dispatch/lanes${query}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Lanes;
};

const placeAt = (id: string, point: Point) => t.handle.db.update(bookings).set({ latitude: String(point.latitude), longitude: String(point.longitude) }).where(eq(bookings.id, id));
const assign = (driverId: string, bookingId: string) => t.call('POST', `/api/drivers/${driverId}/assign/${bookingId}`, { cookie: admin, body: { override: true } });
const move = (bookingId: string, body: unknown, cookie: string | null = admin) => t.call('PATCH', `/api/admin/dispatch/bookings/${bookingId}`, { cookie: cookie ?? undefined, body });
const history = async (id: string) => ((await t.call('GET', `/api/admin/bookings/${id}`, { cookie: admin })).json() as History).updates;

const BASE: Point = { latitude: 37.3694, longitude: -121.9069 };
const NORTH: Point = { latitude: 37.45, longitude: -121.92 };
const EAST: Point = { latitude: 37.36, longitude: -121.8 };

describe('the dispatch lanes (issue 24)', () => {
  it("lists each technician's jobs in order with the drive before each, the day's total, and the unassigned jobs a page at a time", async () => {
    const day = wednesday(0);
    const lena = await t.createUser({ role: 'driver', fullName: 'Lena Lanes' });
    const { booking: late } = await createBooking(t, { dateKey: day, time: '14:00' });
    const { booking: early } = await createBooking(t, { dateKey: day, time: '10:00' });
    const { booking: onSite } = await createBooking(t, { dateKey: day, time: '16:30', serviceType: 'serviceLocation' });
    const { booking: waitingLate } = await createBooking(t, { dateKey: day, time: '15:00' });
    const { booking: waitingEarly } = await createBooking(t, { dateKey: day, time: '09:00' });
    await createBooking(t, { dateKey: day, time: '11:00', status: 'cancelled' });
    await placeAt(early.id, NORTH);
    await placeAt(late.id, EAST);
    for (const b of [late, early, onSite]) expect((await assign(lena.user.id, b.id)).statusCode).toBe(200);

    const data = await lanesOf(`?date=${day}`);
    expect(data).toMatchObject({ date: day, truncated: false });
    const lane = data.lanes.find((l) => l.technicianId === lena.user.id)!;
    expect(lane).toMatchObject({ name: 'Lena Lanes', worksJobs: true, start: BASE, end: BASE });
    expect(lane.hours.length).toBeGreaterThan(0);
    expect(lane.jobs.map((j) => j.id)).toEqual([early.id, late.id, onSite.id]);
    expect(lane.jobs[0]).toMatchObject({ time: '10:00', serviceName: expect.any(String), customerName: expect.any(String) });
    // The same drive estimates the slot engine uses: from the start when the hours open, then from the job before as it ends.
    const opens = minutesOfDay(lane.hours[0]!.start);
    const first = offlineTravelMinutes(BASE, NORTH, opens);
    const second = offlineTravelMinutes(NORTH, EAST, 10 * 60 + early.durationMinutes);
    const third = offlineTravelMinutes(EAST, BASE, 14 * 60 + late.durationMinutes);
    expect(first).toBeGreaterThan(10);
    expect(lane.jobs.map((j) => j.driveMinutesBefore)).toEqual([first, second, third]);
    // The last job is at the business, where the day ends: no drive home.
    expect(lane.driveMinutesHome).toBe(0);
    expect(lane.totalDriveMinutes).toBe(first + second + third);

    expect(data.unassigned.items.map((j) => j.id)).toEqual([waitingEarly.id, waitingLate.id]);
    expect(data.unassigned).toMatchObject({ total: 2, page: 1 });
    expect(data.unassigned.items[0]!.driveMinutesBefore).toBeNull();
    expect((await lanesOf(`?date=${day}&pageSize=1`)).unassigned).toMatchObject({ total: 2, items: [{ id: waitingEarly.id }] });
    expect((await lanesOf(`?date=${day}&pageSize=1&page=2`)).unassigned).toMatchObject({ total: 2, items: [{ id: waitingLate.id }] });
  });

  it('gives a lane to an admin who took a job without working jobs, and none to a technician off that day', async () => {
    const day = wednesday(1);
    const me = (await t.call('GET', '/api/auth/me', { cookie: admin })).json() as { id: string };
    const off = await t.createUser({ role: 'driver', fullName: 'Odile Off' });
    const exception = await t.call('POST', `/api/admin/technicians/${off.user.id}/exceptions`, { cookie: admin, body: { date: day, startTime: null, endTime: null, note: 'Day off' } });
    expect(exception.statusCode, exception.body).toBe(201);
    const { booking } = await createBooking(t, { dateKey: day, time: '12:00' });
    expect((await assign(me.id, booking.id)).statusCode).toBe(200);
    const data = await lanesOf(`?date=${day}`);
    expect(data.lanes.find((l) => l.technicianId === me.id)).toMatchObject({ worksJobs: false, hours: [], jobs: [{ id: booking.id }] });
    expect(data.lanes.some((l) => l.technicianId === off.user.id)).toBe(false);
  });
});

describe('moving a job on the board (PATCH /api/admin/dispatch/bookings/:id)', () => {
  it('moves a job to a lane and a time, refuses a conflict naming the job in the way, and records an override', async () => {
    const day = wednesday(2);
    const mia = await t.createUser({ role: 'driver', fullName: 'Mia Mover' });
    const { booking: theirs, service } = await createBooking(t, { dateKey: day, time: '10:00', serviceType: 'serviceLocation' });
    const { booking: waiting } = await createBooking(t, { dateKey: day, time: '13:00', serviceType: 'serviceLocation' });
    expect((await assign(mia.user.id, theirs.id)).statusCode).toBe(200);

    // Onto Mia's lane at her job's time: refused, naming the job and the kind.
    const refused = await move(waiting.id, { technicianId: mia.user.id, startTime: '10:00' });
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json() as { code: string; message: string; params: Record<string, unknown> };
    expect(body).toMatchObject({ code: 'ASSIGNMENT_CONFLICT', params: { conflictKind: 'overlap', technicianName: 'Mia Mover', time: '10:00 AM', service: service.name, overridable: 'conflict' } });
    expect(body.message).toContain('overlaps');
    // Nothing changed.
    const still = await lanesOf(`?date=${day}`);
    expect(still.unassigned.items.find((j) => j.id === waiting.id)).toMatchObject({ time: '13:00', assignedDriverId: null });

    // A free time on her lane goes through: the job leaves the unassigned list and lands after hers.
    const later = '14:30';
    expect(10 * 60 + theirs.durationMinutes).toBeLessThan(13 * 60);
    const moved = await move(waiting.id, { technicianId: mia.user.id, startTime: later });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: waiting.id, assignedDriverId: mia.user.id, driver: { fullName: 'Mia Mover' } });
    const after = await lanesOf(`?date=${day}`);
    expect(after.lanes.find((l) => l.technicianId === mia.user.id)!.jobs.map((j) => [j.id, j.time])).toEqual([
      [theirs.id, '10:00'],
      [waiting.id, later],
    ]);
    expect(after.unassigned.items.map((j) => j.id)).not.toContain(waiting.id);
    const kinds = (await history(waiting.id)).map((u) => u.kind);
    expect(kinds).toContain('rescheduled');
    expect(kinds).toContain('driver_assigned');

    // The same body again changes nothing (no new history).
    const count = (await history(waiting.id)).length;
    const again = await move(waiting.id, { technicianId: mia.user.id, startTime: later });
    expect(again.statusCode, again.body).toBe(200);
    expect((await history(waiting.id)).length).toBe(count);

    // Back to 10:00 on her lane, over the overlap: the override is recorded with what it went past.
    const forced = await move(waiting.id, { technicianId: mia.user.id, startTime: '10:00', override: true });
    expect(forced.statusCode, forced.body).toBe(200);
    const rescheduled = (await history(waiting.id)).find((u) => u.kind === 'rescheduled' && u.params.time === '10:00');
    expect(rescheduled?.params).toMatchObject({ conflict: 'overlap', conflictTime: '10:00 AM' });
    expect(JSON.stringify(rescheduled?.params)).not.toContain(theirs.guestName ?? 'no guest name');
  });

  it('moves between lanes keeping the time, and back to unassigned', async () => {
    const day = wednesday(3);
    const a = await t.createUser({ role: 'driver', fullName: 'Ada Alpha' });
    const b = await t.createUser({ role: 'driver', fullName: 'Ben Beta' });
    const { booking: bensJob } = await createBooking(t, { dateKey: day, time: '11:00', serviceType: 'serviceLocation' });
    const { booking: job } = await createBooking(t, { dateKey: day, time: '11:00', serviceType: 'serviceLocation' });
    expect((await assign(b.user.id, bensJob.id)).statusCode).toBe(200);
    expect((await move(job.id, { technicianId: a.user.id })).statusCode).toBe(200);
    // To Ben at the same time: his 11:00 is in the way.
    const refused = await move(job.id, { technicianId: b.user.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ASSIGNMENT_CONFLICT', params: { technicianName: 'Ben Beta', conflictKind: 'overlap', time: '11:00 AM' } });
    const forced = await move(job.id, { technicianId: b.user.id, override: true });
    expect(forced.statusCode, forced.body).toBe(200);
    const assigned = (await history(job.id)).filter((u) => u.kind === 'driver_assigned');
    expect(assigned.find((u) => u.params.driverName === 'Ben Beta')?.params).toMatchObject({ conflict: 'overlap', conflictTime: '11:00 AM' });
    const lanes = await lanesOf(`?date=${day}`);
    expect(lanes.lanes.find((l) => l.technicianId === b.user.id)!.jobs.map((j) => j.id).sort()).toEqual([bensJob.id, job.id].sort());
    expect(lanes.lanes.find((l) => l.technicianId === a.user.id)!.jobs).toEqual([]);

    const unassigned = await move(job.id, { technicianId: null });
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    expect((await lanesOf(`?date=${day}`)).unassigned.items.map((j) => j.id)).toEqual([job.id]);
    expect((await history(job.id)).some((u) => u.kind === 'driver_unassigned')).toBe(true);
  });

  it('is for admins only and refuses bad input with 4xx', async () => {
    const day = wednesday(4);
    const { booking } = await createBooking(t, { dateKey: day, time: '10:00' });
    const driver = await t.createUser({ role: 'driver' });
    const customer = await t.createUser({ role: 'customer' });
    expect((await move(booking.id, { technicianId: null }, driver.cookie)).statusCode).toBe(403);
    expect((await move(booking.id, { technicianId: null }, customer.cookie)).statusCode).toBe(403);
    expect((await move(booking.id, { technicianId: null }, null)).statusCode).toBe(401);
    expect((await t.call('GET', `/api/admin/dispatch/lanes?date=${day}`, { cookie: driver.cookie })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/admin/dispatch/lanes?date=${day}`)).statusCode).toBe(401);

    for (const body of [{}, { technicianId: 'nope' }, { technicianId: null, startTime: '25:00' }, { technicianId: null, startTime: '9am' }, { technicianId: null, override: 'yes' }]) {
      const response = await move(booking.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect((await t.call('PATCH', '/api/admin/dispatch/bookings/not-an-id', { cookie: admin, body: { technicianId: null } })).statusCode).toBe(400);
    expect((await move('00000000-0000-4000-8000-000000000000', { technicianId: null })).statusCode).toBe(404);
    const unknownDriver = await move(booking.id, { technicianId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownDriver.statusCode).toBe(400);
    expect(unknownDriver.json()).toMatchObject({ code: 'DRIVER_NOT_AVAILABLE' });
    for (const query of ['', '?date=2026-02-31', `?date=${day}&pageSize=0`, `?date=${day}&page=x`]) {
      const response = await t.call('GET', `/api/admin/dispatch/lanes${query}`, { cookie: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });
});
