import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../shared/schemas/tracking';
import { bookings, users } from '../db/schema';
import { DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from '../db/seed';
import { issueTrackingToken } from '../features/bookings/lifecycle';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/harness';
import { openSocket } from '../test/test-socket';

let test: TestApp;
let base: string;
let driver: string;
let customer: string;
let pickupId: string;
let mobileId: string;
let token: string;

beforeAll(async () => {
  test = await createTestApp({ seedDemo: true });
  const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
  driver = await test.login(DEMO_DRIVER_EMAIL);
  customer = await test.login(DEMO_CUSTOMER_EMAIL);
  const [driverRow] = await test.handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
  const mine = await test.handle.db
    .select({ id: bookings.id, type: bookings.serviceType })
    .from(bookings)
    .where(and(eq(bookings.assignedDriverId, driverRow!.id), eq(bookings.status, 'confirmed')));
  pickupId = mine.find((b) => b.type === 'pickup')!.id;
  mobileId = mine.find((b) => b.type === 'mobile')!.id;
  token = await issueTrackingToken(test.handle.db, pickupId);
}, 120_000);
afterAll(async () => test.close());

describe('/ws with a tracking token', () => {
  it('delivers the status change, its message and the moving driver with an ETA', async () => {
    const client = openSocket(`${base}/ws?token=${token}`);
    expect(await client.next('connected')).toEqual({ type: 'connected', bookingId: pickupId });

    await test.call('PUT', `/api/driver/bookings/${pickupId}/status`, { cookie: driver, body: { status: 'en_route_pickup', message: 'Leaving the shop now' } });
    expect(await client.next('booking_status_update')).toMatchObject({ bookingId: pickupId, status: 'en_route_pickup', message: 'Leaving the shop now' });

    await test.call('PUT', '/api/driver/location', { cookie: driver, body: { latitude: 37.36, longitude: -121.89, bookingId: pickupId, speed: 11, heading: 90, accuracy: 10 } });
    const location = await client.next('driver_location_update');
    expect(location).toMatchObject({ bookingId: pickupId, latitude: 37.36, longitude: -121.89, speed: 11, heading: 90 });
    expect(location.type === 'driver_location_update' && location.eta?.kind).toBe('arrival');
    client.socket.close();
  });

  it('carries driver_assigned and booking_update events for its booking only', async () => {
    const client = openSocket(`${base}/ws?token=${token}`);
    await client.next('connected');
    const at = new Date().toISOString();
    await test.ctx.events.publish(test.ctx.db, { type: 'booking_update', bookingId: mobileId, message: 'not yours', at });
    await test.ctx.events.publish(test.ctx.db, { type: 'driver_assigned', bookingId: pickupId, driverId: null, at });
    await test.ctx.events.publish(test.ctx.db, { type: 'booking_update', bookingId: pickupId, message: 'Rescheduled to 3 PM', at });
    expect(await client.next('driver_assigned')).toEqual({ type: 'driver_assigned', bookingId: pickupId, driverId: null, at });
    expect(await client.next('booking_update')).toEqual({ type: 'booking_update', bookingId: pickupId, status: null, message: 'Rescheduled to 3 PM', at });
    expect(client.messages.some((m) => 'message' in m && m.message === 'not yours')).toBe(false);
    client.socket.close();
  });

  it('closes with 4401 for a bad token, 4400 without one and 4403 when the token is for another booking', async () => {
    expect(await openSocket(`${base}/ws?token=nope`).closed).toEqual({ code: WS_CLOSE.INVALID_TOKEN, reason: 'Invalid tracking token' });
    expect((await openSocket(`${base}/ws`).closed).code).toBe(WS_CLOSE.BAD_REQUEST);
    expect((await openSocket(`${base}/ws?bookingId=nope`).closed).code).toBe(WS_CLOSE.BAD_REQUEST);
    expect((await openSocket(`${base}/ws?token=${token}&bookingId=${mobileId}`).closed).code).toBe(WS_CLOSE.FORBIDDEN);
  });

  it('closes with 4410 for an expired token, and closes a live socket when its token is replaced', async () => {
    const client = openSocket(`${base}/ws?token=${token}`);
    await client.next('connected');
    await test.call('POST', `/api/bookings/${pickupId}/generate-tracking-token`, { cookie: customer });
    await test.app.liveHub.heartbeat();
    expect((await client.closed).code).toBe(WS_CLOSE.INVALID_TOKEN);

    const fresh = await issueTrackingToken(test.handle.db, mobileId);
    test.clock.advance(60 * 86_400_000);
    try {
      expect(await openSocket(`${base}/ws?token=${fresh}`).closed).toEqual({ code: WS_CLOSE.EXPIRED_TOKEN, reason: 'Tracking link expired' });
    } finally {
      test.clock.advance(-60 * 86_400_000);
    }
  });
});

describe('/ws with the session cookie', () => {
  it('lets the owner and the assigned driver follow their booking', async () => {
    for (const cookie of [customer, driver]) {
      const client = openSocket(`${base}/ws?bookingId=${mobileId}`, { cookie, origin: TEST_PUBLIC_URL });
      expect(await client.next('connected')).toEqual({ type: 'connected', bookingId: mobileId });
      client.socket.close();
    }
  });

  it('refuses another customer (4403), nobody (4401), an unknown booking (4404) and a cross-site page (4401)', async () => {
    const other = await test.createUser();
    expect((await openSocket(`${base}/ws?bookingId=${mobileId}`, { cookie: other.cookie }).closed).code).toBe(WS_CLOSE.FORBIDDEN);
    expect((await openSocket(`${base}/ws?bookingId=${mobileId}`).closed).code).toBe(WS_CLOSE.INVALID_TOKEN);
    expect((await openSocket(`${base}/ws?bookingId=00000000-0000-4000-8000-000000000000`, { cookie: customer }).closed).code).toBe(WS_CLOSE.NOT_FOUND);
    expect((await openSocket(`${base}/ws?bookingId=${mobileId}`, { cookie: customer, origin: 'https://evil.example' }).closed).code).toBe(WS_CLOSE.INVALID_TOKEN);
  });

  it('pings on each heartbeat and drops a socket that stopped answering', async () => {
    const silent = openSocket(`${base}/ws?bookingId=${mobileId}`, { cookie: customer }, { autoPong: false });
    await silent.next('connected');
    const before = test.app.liveHub.size();
    await test.app.liveHub.heartbeat();
    expect(await silent.next('ping')).toMatchObject({ type: 'ping', at: expect.any(String) });
    await test.app.liveHub.heartbeat();
    expect((await silent.closed).code).toBe(1006);
    await expect.poll(() => test.app.liveHub.size()).toBe(before - 1);
  });
});
