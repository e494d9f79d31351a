import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToKey, pacificDateKey } from '../../../../shared/time';
import { createBooking } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

interface Board {
  dates: string[];
  jobs: Array<{ id: string; assignedDriverId: string | null; scheduledDate: string; paymentStatus: string; serviceType: string; latitude: number | null; driver: { fullName: string } | null }>;
  total: number;
  truncated: boolean;
  drivers: Array<{ id: string; fullName: string; role: string; status: string | null; location: { latitude: number; longitude: number } | null }>;
}

const board = async (query = '') => {
  const response = await t.call('GET', `/api/admin/dispatch${query}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Board;
};

describe('the dispatch board', () => {
  it("shows today's and tomorrow's jobs, unassigned first then by time, with drivers and their live positions", async () => {
    const today = pacificDateKey(new Date(t.clock.now));
    const tomorrow = addDaysToKey(today, 1);
    const driver = await t.createUser({ role: 'driver', fullName: 'Dana Dispatch' });
    const { booking: assignedEarly } = await createBooking(t, { dateKey: today, time: '08:00' });
    const { booking: unassignedLate } = await createBooking(t, { dateKey: tomorrow, time: '15:00', paymentStatus: 'on_site' });
    const { booking: unassignedEarly } = await createBooking(t, { dateKey: today, time: '09:00' });
    const { booking: hold } = await createBooking(t, { dateKey: today, time: '10:00', status: 'pending', paymentStatus: 'unpaid' });
    const { booking: cancelled } = await createBooking(t, { dateKey: today, time: '11:00', status: 'cancelled' });
    const { booking: later } = await createBooking(t, { dateKey: addDaysToKey(today, 2), time: '09:00' });
    // The 08:00 job starts before the opening hours: the owner assigns it over that conflict (decision 056).
    const assign = await t.call('POST', `/api/drivers/${driver.user.id}/assign/${assignedEarly.id}`, { cookie: admin, body: { override: true } });
    expect(assign.statusCode, assign.body).toBe(200);

    // The driver starts a shift and reports a position on the job.
    expect((await t.call('PUT', '/api/driver/status', { cookie: driver.cookie, body: { status: 'available' } })).statusCode).toBe(200);
    const position = await t.call('PUT', '/api/driver/location', { cookie: driver.cookie, body: { latitude: 37.33, longitude: -121.89, bookingId: assignedEarly.id } });
    expect(position.statusCode, position.body).toBe(200);

    const data = await board();
    expect(data.dates).toEqual([today, tomorrow]);
    const ids = data.jobs.map((j) => j.id);
    expect(ids).toEqual([unassignedEarly.id, unassignedLate.id, assignedEarly.id]);
    expect(ids).not.toContain(hold.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(later.id);
    expect(data.jobs.find((j) => j.id === unassignedLate.id)).toMatchObject({ paymentStatus: 'on_site', serviceType: 'mobile', assignedDriverId: null });
    expect(data.jobs.find((j) => j.id === assignedEarly.id)!.driver).toMatchObject({ fullName: 'Dana Dispatch' });
    const dana = data.drivers.find((d) => d.id === driver.user.id)!;
    expect(dana).toMatchObject({ status: 'available', location: { latitude: 37.33, longitude: -121.89 } });
    expect(data).toMatchObject({ total: 3, truncated: false });

    // One day only, and a limit that cuts the list says so.
    expect((await board(`?date=${tomorrow}&days=1`)).jobs.map((j) => j.id)).toEqual([unassignedLate.id]);
    expect(await board('?limit=1')).toMatchObject({ total: 3, truncated: true, jobs: [{ id: unassignedEarly.id }] });

    // Reassigning from the board goes through the booking core; the board answers the new order.
    const reassign = await t.call('POST', `/api/drivers/${driver.user.id}/assign/${unassignedEarly.id}`, { cookie: admin, body: { override: true } });
    expect(reassign.statusCode).toBe(200);
    expect((await board()).jobs.map((j) => j.id)).toEqual([unassignedLate.id, assignedEarly.id, unassignedEarly.id]);
  });

  it("lists an admin who took a job ('Assign to me') with the drivers", async () => {
    const me = (await t.call('GET', '/api/auth/me', { cookie: admin })).json() as { id: string };
    const today = pacificDateKey(new Date(t.clock.now));
    const { booking } = await createBooking(t, { dateKey: today, time: '13:00' });
    expect((await t.call('POST', `/api/drivers/${me.id}/assign/${booking.id}`, { cookie: admin })).statusCode).toBe(200);
    const data = await board();
    expect(data.drivers.find((d) => d.id === me.id)).toMatchObject({ role: 'admin' });
  });

  it('is for admins only and refuses bad input', async () => {
    const driver = await t.createUser({ role: 'driver' });
    expect((await t.call('GET', '/api/admin/dispatch', { cookie: driver.cookie })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/dispatch')).statusCode).toBe(401);
    for (const query of ['?days=3', '?limit=100000', '?date=2026-02-31']) {
      const response = await t.call('GET', `/api/admin/dispatch${query}`, { cookie: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });
});
