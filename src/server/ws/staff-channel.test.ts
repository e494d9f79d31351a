import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE, type StaffEvent } from '../../shared/schemas/tracking';
import { bookings, users } from '../db/schema';
import { DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from '../db/seed';
import { openDayAfter, phoneAppointment } from '../test/account-fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/harness';
import { openSocket, type TestSocket } from '../test/test-socket';

/** The staff channel: an open admin page hears booking changes and driver status and positions, live. */
let test: TestApp;
let base: string;
let admin: string;
let driver: string;
let mobileId: string;

beforeAll(async () => {
  test = await createTestApp({ seedDemo: true });
  base = (await test.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  admin = await test.login('admin@glint.local');
  driver = await test.login(DEMO_DRIVER_EMAIL);
  const [driverRow] = await test.handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
  const mine = await test.handle.db
    .select({ id: bookings.id, type: bookings.serviceType })
    .from(bookings)
    .where(and(eq(bookings.assignedDriverId, driverRow!.id), eq(bookings.status, 'confirmed')));
  mobileId = mine.find((b) => b.type === 'mobile')!.id;
}, 120_000);
afterAll(async () => test.close());

const staffSocket = (cookie: string) => openSocket(`${base}/ws?channel=staff`, { cookie, origin: TEST_PUBLIC_URL });

/** The next staff event of this kind, past the others (an assignment says two things, for example). */
async function staffEvent(client: TestSocket, event: StaffEvent['event']): Promise<StaffEvent> {
  for (;;) {
    const message = await client.next('staff_event');
    if (message.type === 'staff_event' && message.event === event) return message;
  }
}

describe('/ws?channel=staff', () => {
  it("delivers a driver's progress, position and status to an open admin page", async () => {
    const client = staffSocket(admin);
    await client.next('staff_connected');
    await test.call('PUT', `/api/driver/bookings/${mobileId}/status`, { cookie: driver, body: { status: 'en_route_pickup' } });
    expect(await client.next('staff_event')).toMatchObject({ event: 'booking_status_update', bookingId: mobileId, status: 'en_route_pickup' });
    await test.call('PUT', '/api/driver/location', { cookie: driver, body: { latitude: 37.33, longitude: -121.88, bookingId: mobileId } });
    expect(await client.next('staff_event')).toMatchObject({ event: 'driver_location_update', bookingId: mobileId, latitude: 37.33, longitude: -121.88 });
    await test.call('PUT', '/api/driver/status', { cookie: driver, body: { status: 'break' } });
    expect(await client.next('staff_event')).toMatchObject({ event: 'driver_status', bookingId: null, status: 'break' });
    client.socket.close();
  });

  it("tells open admin pages, and the job's driver, that a booking was deleted", async () => {
    const date = openDayAfter(test, 9);
    const id = await phoneAppointment(test, admin, { email: 'phone@example.com', name: 'Phone Person', phone: '(408) 555-0141' }, date);
    const [{ assignedDriverId }] = await test.handle.db.select({ assignedDriverId: bookings.assignedDriverId }).from(bookings).where(eq(bookings.id, id));
    const [driverRow] = await test.handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
    const office = staffSocket(admin);
    await office.next('staff_connected');
    const theirs = openSocket(`${base}/ws?channel=driver`, { cookie: driver, origin: TEST_PUBLIC_URL });
    await theirs.next('driver_connected');
    // The appointment went to the demo's one technician when it was made (dispatch).
    expect(assignedDriverId).toBe(driverRow!.id);

    expect((await test.call('DELETE', `/api/admin/bookings/${id}`, { cookie: admin })).statusCode).toBe(200);
    expect(await staffEvent(office, 'booking_removed')).toMatchObject({ bookingId: id, driverId: driverRow!.id });
    expect(await theirs.next('driver_job')).toMatchObject({ bookingId: id, change: 'cancelled' });

    // Blocked time taken off the grid is heard too (it has no driver).
    const blocked = await test.call('POST', '/api/admin/blocked-time', { cookie: admin, body: { date, startTime: '13:00', endTime: '14:00' } });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const blockedId = (blocked.json() as { id: string }).id;
    expect((await test.call('DELETE', `/api/admin/appointments/${blockedId}`, { cookie: admin })).statusCode).toBe(200);
    expect(await staffEvent(office, 'booking_removed')).toMatchObject({ bookingId: blockedId, driverId: null });
    office.socket.close();
    theirs.socket.close();
  });

  it('refuses customers, drivers and strangers', async () => {
    const customer = await test.login(DEMO_CUSTOMER_EMAIL);
    expect((await staffSocket(customer).closed).code).toBe(WS_CLOSE.FORBIDDEN);
    expect((await staffSocket(driver).closed).code).toBe(WS_CLOSE.FORBIDDEN);
    expect((await openSocket(`${base}/ws?channel=staff`).closed).code).toBe(WS_CLOSE.INVALID_TOKEN);
  });
});
