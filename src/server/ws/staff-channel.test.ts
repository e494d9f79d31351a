import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../shared/schemas/tracking';
import { bookings, users } from '../db/schema';
import { DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from '../db/seed';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/harness';
import { openSocket } from '../test/test-socket';

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

  it('refuses customers, drivers and strangers', async () => {
    const customer = await test.login(DEMO_CUSTOMER_EMAIL);
    expect((await staffSocket(customer).closed).code).toBe(WS_CLOSE.FORBIDDEN);
    expect((await staffSocket(driver).closed).code).toBe(WS_CLOSE.FORBIDDEN);
    expect((await openSocket(`${base}/ws?channel=staff`).closed).code).toBe(WS_CLOSE.INVALID_TOKEN);
  });
});
