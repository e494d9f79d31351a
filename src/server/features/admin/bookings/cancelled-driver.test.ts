import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

/** A cancelled job goes nowhere: the list offers no driver for it, and the server refuses one (decision 047). */

let t: TestApp;
let admin: string;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  const staff = await t.call('POST', '/api/admin/staff', { cookie: admin, body: { fullName: 'Dee Driver', email: 'dee.driver@example.com', phone: null } });
  expect(staff.statusCode, staff.body).toBe(201);
  driverId = staff.json().id;
});
afterAll(() => t.close());

describe('a cancelled booking and its driver', () => {
  it('refuses to send a driver to a cancelled booking with 409 BOOKING_CLOSED, and still lets the driver be taken off it', async () => {
    const { booking } = await createBooking(t, { paymentStatus: 'unpaid' });
    const assigned = await t.call('POST', `/api/drivers/${driverId}/assign/${booking.id}`, { cookie: admin });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const cancelled = await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const again = await t.call('POST', `/api/drivers/${driverId}/assign/${booking.id}`, { cookie: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'BOOKING_CLOSED', message: 'A cancelled booking cannot be given a driver. Book a new appointment instead.' });
    const off = await t.call('POST', `/api/drivers/unassign/assign/${booking.id}`, { cookie: admin });
    expect(off.statusCode, off.body).toBe(200);
  });
});
