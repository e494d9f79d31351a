import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingUpdates, emailOutbox } from '../../../db/schema';
import { pacificTimeOfDay } from '../../../../shared/time';
import { createBooking, openDayAfter } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

interface Plan {
  technicianId: string;
  date: string;
  beforeMinutes: number;
  afterMinutes: number;
  moves: { bookingId: string; number: string; service: string; customer: string; from: string; to: string }[];
  planToken: string;
}

/** East of the business (~9 km), next to it, east again: a zig-zag the same technician drives in that order. */
const EAST = { latitude: '37.3694', longitude: '-121.80' };
const NEAR = { latitude: '37.3694', longitude: '-121.90' };
const EAST2 = { latitude: '37.3720', longitude: '-121.80' };

let dayCounter = 7;

/** A technician with three 30-minute jobs in a bad order on an open day ahead, each for its own customer. */
async function zigZagDay(name: string) {
  const date = openDayAfter(t, dayCounter);
  dayCounter += 7;
  const technician = await t.createUser({ role: 'driver', fullName: name });
  const jobs = [];
  for (const [time, place, customerName] of [
    ['10:00', EAST, 'Ada East'],
    ['11:00', NEAR, 'Ben Near'],
    ['12:00', EAST2, 'Cy East'],
  ] as const) {
    const customer = await t.createUser({ role: 'customer', fullName: customerName });
    const { booking } = await createBooking(t, { dateKey: date, time, userId: customer.user.id });
    await t.handle.db.update(bookings).set({ ...place, durationMinutes: 30, assignedDriverId: technician.user.id }).where(eq(bookings.id, booking.id));
    jobs.push({ id: booking.id, time, email: customer.user.email, customerName });
  }
  return { date, technician, jobs };
}

const plan = (date: string, technicianId: string, cookie = admin) => t.call('GET', `/api/admin/dispatch/plan?date=${date}&technicianId=${technicianId}`, { cookie });
const apply = (body: Record<string, unknown>, cookie = admin) => t.call('POST', '/api/admin/dispatch/plan/apply', { cookie, body });
const startsOf = async (ids: string[]) => {
  const rows = await t.handle.db.select({ id: bookings.id, scheduledDate: bookings.scheduledDate }).from(bookings);
  return Object.fromEntries(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, pacificTimeOfDay(r.scheduledDate)]));
};
const mailsTo = async (email: string) => t.handle.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe('Plan day (decision 056)', () => {
  it('plans a zig-zag day for less drive, and applying moves the jobs with history and the customers told', async () => {
    const { date, technician, jobs } = await zigZagDay('Pia Planner');
    const response = await plan(date, technician.user.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Plan;
    expect(body).toMatchObject({ technicianId: technician.user.id, date });
    expect(body.afterMinutes).toBeLessThan(body.beforeMinutes);
    expect(body.moves.length).toBeGreaterThan(0);
    expect(body.planToken).toMatch(/^[0-9a-f]{64}$/);
    const ids = jobs.map((j) => j.id);
    for (const move of body.moves) {
      const job = jobs.find((j) => j.id === move.bookingId)!;
      expect(move).toMatchObject({ from: job.time, service: expect.any(String), customer: job.customerName, number: expect.any(String) });
      // Inside the promised window: the booked start ± 60 minutes.
      const shift = Math.abs(Number(move.to.slice(0, 2)) * 60 + Number(move.to.slice(3)) - (Number(move.from.slice(0, 2)) * 60 + Number(move.from.slice(3))));
      expect(shift).toBeLessThanOrEqual(60);
    }
    // Planning changes nothing.
    expect(await startsOf(ids)).toEqual(Object.fromEntries(jobs.map((j) => [j.id, j.time])));

    const applied = await apply({ date, technicianId: technician.user.id, planToken: body.planToken });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json() as Plan;
    expect(result).toMatchObject({ beforeMinutes: body.beforeMinutes, afterMinutes: body.afterMinutes, moves: body.moves });
    expect(result.planToken).not.toBe(body.planToken);

    const starts = await startsOf(ids);
    for (const move of body.moves) expect(starts[move.bookingId]).toBe(move.to);
    for (const job of jobs.filter((j) => !body.moves.some((m) => m.bookingId === j.id))) expect(starts[job.id]).toBe(job.time);

    for (const move of body.moves) {
      const job = jobs.find((j) => j.id === move.bookingId)!;
      const [update] = await t.handle.db.select().from(bookingUpdates).where(and(eq(bookingUpdates.bookingId, move.bookingId), eq(bookingUpdates.kind, 'rescheduled')));
      expect(update?.params).toMatchObject({ by: 'admin', plan: true, time: move.to, date });
      // The customer hears the new time (the business's reschedule e-mail).
      const mails = await mailsTo(job.email);
      expect(mails.map((m) => m.subject)).toContain(`${move.service}: new time`);
    }
    // A customer whose job kept its time hears nothing about a move.
    for (const job of jobs.filter((j) => !body.moves.some((m) => m.bookingId === j.id))) {
      expect(await t.handle.db.select().from(bookingUpdates).where(and(eq(bookingUpdates.bookingId, job.id), eq(bookingUpdates.kind, 'rescheduled')))).toEqual([]);
    }

    // The admin's booking history shows the move with Plan day's mark.
    const history = (await t.call('GET', `/api/admin/bookings/${body.moves[0]!.bookingId}`, { cookie: admin })).json() as { updates: { kind: string; params: Record<string, unknown> }[] };
    expect(history.updates.find((u) => u.kind === 'rescheduled')?.params).toMatchObject({ plan: true });

    // The same token again: the day changed (by this plan), so nothing moves twice.
    const again = await apply({ date, technicianId: technician.user.id, planToken: body.planToken });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PLAN_STALE', message: 'The day changed since this plan was made. Plan again.' });
    expect(await startsOf(ids)).toEqual(starts);
    for (const move of body.moves) {
      expect(await t.handle.db.select().from(bookingUpdates).where(and(eq(bookingUpdates.bookingId, move.bookingId), eq(bookingUpdates.kind, 'rescheduled')))).toHaveLength(1);
    }

    // Planned again, the day is already the shortest drive.
    const replanned = (await plan(date, technician.user.id)).json() as Plan;
    expect(replanned.moves).toEqual([]);
    expect(replanned.afterMinutes).toBe(replanned.beforeMinutes);
    expect(replanned.beforeMinutes).toBe(body.afterMinutes);
  });

  it('refuses a plan whose day changed in between with 409 PLAN_STALE and moves nothing', async () => {
    const { date, technician, jobs } = await zigZagDay('Sam Stale');
    const body = (await plan(date, technician.user.id)).json() as Plan;
    expect(body.moves.length).toBeGreaterThan(0);
    // The owner moves one of the jobs in the booking editor meanwhile.
    const edited = await t.call('PUT', `/api/admin/bookings/${jobs[2]!.id}`, { cookie: admin, body: { date, time: '12:30' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await apply({ date, technicianId: technician.user.id, planToken: body.planToken });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PLAN_STALE' });
    expect(await startsOf(jobs.map((j) => j.id))).toEqual({ [jobs[0]!.id]: '10:00', [jobs[1]!.id]: '11:00', [jobs[2]!.id]: '12:30' });
    // A job added to the day changes it too.
    const fresh = (await plan(date, technician.user.id)).json() as Plan;
    const { booking } = await createBooking(t, { dateKey: date, time: '15:00' });
    await t.handle.db.update(bookings).set({ assignedDriverId: technician.user.id }).where(eq(bookings.id, booking.id));
    expect((await apply({ date, technicianId: technician.user.id, planToken: fresh.planToken })).json()).toMatchObject({ code: 'PLAN_STALE' });
  });

  it('never moves a job that is under way', async () => {
    const { date, technician, jobs } = await zigZagDay('Una Underway');
    await t.handle.db.update(bookings).set({ status: 'in_progress' }).where(eq(bookings.id, jobs[0]!.id));
    const body = (await plan(date, technician.user.id)).json() as Plan;
    expect(body.moves.map((m) => m.bookingId)).not.toContain(jobs[0]!.id);
    expect(body.afterMinutes).toBeLessThanOrEqual(body.beforeMinutes);
    const applied = await apply({ date, technicianId: technician.user.id, planToken: body.planToken });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await startsOf([jobs[0]!.id]))[jobs[0]!.id]).toBe('10:00');
  });

  it('is for admins only and refuses bad input with 400', async () => {
    const { date, technician } = await zigZagDay('Ola Only');
    const driver = await t.createUser({ role: 'driver' });
    const customer = await t.createUser({ role: 'customer' });
    expect((await plan(date, technician.user.id, driver.cookie)).statusCode).toBe(403);
    expect((await plan(date, technician.user.id, customer.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/admin/dispatch/plan?date=${date}&technicianId=${technician.user.id}`)).statusCode).toBe(401);
    const token = ((await plan(date, technician.user.id)).json() as Plan).planToken;
    expect((await apply({ date, technicianId: technician.user.id, planToken: token }, technician.cookie)).statusCode).toBe(403);

    for (const query of [`?date=${date}`, `?technicianId=${technician.user.id}`, `?date=2026-02-31&technicianId=${technician.user.id}`, `?date=${date}&technicianId=nope`]) {
      const response = await t.call('GET', `/api/admin/dispatch/plan${query}`, { cookie: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    for (const body of [{}, { date, technicianId: technician.user.id }, { date, technicianId: technician.user.id, planToken: 'x' }, { date: 'tomorrow', technicianId: technician.user.id, planToken: token }]) {
      const response = await apply(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    // Someone who does not work jobs has no day to plan.
    const unknown = await plan(date, customer.user.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'STAFF_NOT_FOUND' });
    // Nothing moved for a refused apply.
    expect(((await plan(date, technician.user.id)).json() as Plan).planToken).toBe(token);
  });
});
