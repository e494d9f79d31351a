import { and, eq } from 'drizzle-orm';
import { updateMessage } from '../../../shared/booking-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { Page } from '../../../shared/schemas/common';
import type { DriverStatusView } from '../../../shared/schemas/drivers';
import { bookings, bookingUpdates, driverLocationHistory, driverLocations, users } from '../../db/schema';
import { DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from '../../db/seed';
import type { LiveEvent } from '../../events/bus';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { pruneLocationHistory } from './drivers.service';
import { pacificDateKey } from '../../../shared/time';

let test: TestApp;
let driver: string;
let driverId: string;
let soonestFirst: string[];
let pickupBookingId: string;
let mobileBookingId: string;

beforeAll(async () => {
  test = await createTestApp({ seedDemo: true });
  driver = await test.login(DEMO_DRIVER_EMAIL);
  const [row] = await test.handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
  driverId = row!.id;
  const mine = await test.handle.db
    .select({ id: bookings.id, type: bookings.serviceType, scheduledDate: bookings.scheduledDate })
    .from(bookings)
    .where(and(eq(bookings.assignedDriverId, driverId), eq(bookings.status, 'confirmed')));
  soonestFirst = [...mine].sort((a, b) => a.scheduledDate.getTime() - b.scheduledDate.getTime()).map((b) => b.id);
  pickupBookingId = mine.find((b) => b.type === 'pickup')!.id;
  mobileBookingId = mine.find((b) => b.type === 'mobile')!.id;
}, 120_000);
afterAll(async () => test.close());

describe('the role is enforced on every /api/driver route', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/driver/status'],
    ['PUT', '/api/driver/status', { status: 'available' }],
    ['GET', '/api/driver/bookings'],
    ['PUT', '/api/driver/bookings/00000000-0000-4000-8000-000000000000/status', { status: 'en_route_pickup' }],
    ['PUT', '/api/driver/location', { latitude: 37.3, longitude: -121.9 }],
  ];

  it('answers 401 when signed out and 403 for a customer', async () => {
    const customer = await test.login(DEMO_CUSTOMER_EMAIL);
    for (const [method, url, body] of routes) {
      expect((await test.call(method as 'GET', url, { body })).statusCode, `${method} ${url}`).toBe(401);
      const refused = await test.call(method as 'GET', url, { body, cookie: customer });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets an admin use the dashboard calls', async () => {
    const admin = await test.login('admin@glint.local');
    expect((await test.call('GET', '/api/driver/status', { cookie: admin })).statusCode).toBe(200);
    expect((await test.call('GET', '/api/driver/bookings', { cookie: admin })).json().items).toEqual([]);
  });
});

describe('driver status', () => {
  it('starts offline; available turns sharing on and starts a shift; break keeps it; offline turns it off', async () => {
    const { cookie } = await test.createUser({ role: 'driver' });
    const initial = (await test.call('GET', '/api/driver/status', { cookie })).json() as DriverStatusView;
    expect(initial).toMatchObject({ status: 'offline', isLocationSharing: false });

    const available = (await test.call('PUT', '/api/driver/status', { cookie, body: { status: 'available' } })).json() as DriverStatusView;
    expect(available).toMatchObject({ status: 'available', isLocationSharing: true });
    expect(available.shiftStartTime).not.toBeNull();

    const onBreak = (await test.call('PUT', '/api/driver/status', { cookie, body: { status: 'break' } })).json() as DriverStatusView;
    expect(onBreak).toMatchObject({ status: 'break', isLocationSharing: true });

    const toggled = (await test.call('PUT', '/api/driver/status', { cookie, body: { isLocationSharing: false } })).json() as DriverStatusView;
    expect(toggled).toMatchObject({ status: 'break', isLocationSharing: false });

    const offline = (await test.call('PUT', '/api/driver/status', { cookie, body: { status: 'offline', isLocationSharing: true } })).json() as DriverStatusView;
    expect(offline).toMatchObject({ status: 'offline', isLocationSharing: false });
    expect(offline.shiftEndTime).not.toBeNull();
    expect((await test.call('GET', '/api/driver/status', { cookie })).json()).toEqual(offline);
  });

  it('refuses statuses a driver cannot choose, with a message', async () => {
    const busy = await test.call('PUT', '/api/driver/status', { cookie: driver, body: { status: 'busy' } });
    expect(busy.statusCode).toBe(400);
    expect(busy.json().message).toBe('Status must be available, break or offline');
    expect((await test.call('PUT', '/api/driver/status', { cookie: driver, body: {} })).json().message).toBe('Send a status or isLocationSharing');
  });
});

describe('driver bookings', () => {
  it('lists the active bookings assigned to this driver, soonest first, and the completed ones', async () => {
    const active = (await test.call('GET', '/api/driver/bookings', { cookie: driver })).json() as Page<BookingView>;
    expect(active.items.map((b) => b.id)).toEqual(soonestFirst);
    expect(active.total).toBe(2);
    expect(active.items.find((b) => b.id === mobileBookingId)).toMatchObject({ status: 'confirmed', user: { fullName: 'Casey Morgan', phone: '+14085550199' }, address: { street: '425 Park Ave' } });
    const completed = (await test.call('GET', '/api/driver/bookings?scope=completed&pageSize=6', { cookie: driver })).json() as Page<BookingView>;
    expect(completed.items).toHaveLength(2);
    expect(completed.items.every((b) => b.status === 'completed')).toBe(true);
    expect((await test.call('GET', '/api/driver/bookings?scope=mine', { cookie: driver })).statusCode).toBe(400);
  });

  it('shows another driver none of them', async () => {
    const other = await test.createUser({ role: 'driver' });
    expect((await test.call('GET', '/api/driver/bookings', { cookie: other.cookie })).json().items).toEqual([]);
  });
});

describe('PUT /api/driver/bookings/:id/status', () => {
  it('refuses a driver the booking is not assigned to', async () => {
    const other = await test.createUser({ role: 'driver' });
    const response = await test.call('PUT', `/api/driver/bookings/${pickupBookingId}/status`, { cookie: other.cookie, body: { status: 'en_route_pickup' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This booking is not assigned to you');
  });

  it('refuses anything but the one next status with 409, changing nothing', async () => {
    const response = await test.call('PUT', `/api/driver/bookings/${pickupBookingId}/status`, { cookie: driver, body: { status: 'picked_up' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This booking can only move from confirmed to en_route_pickup');
    const [row] = await test.handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, pickupBookingId));
    expect(row!.status).toBe('confirmed');
    expect((await test.call('PUT', `/api/driver/bookings/${pickupBookingId}/status`, { cookie: driver, body: { status: 'flying' } })).statusCode).toBe(400);
    expect((await test.call('PUT', '/api/driver/bookings/00000000-0000-4000-8000-000000000000/status', { cookie: driver, body: { status: 'en_route_pickup' } })).statusCode).toBe(404);
  });

  it('walks a pickup booking from confirmed to completed, writing updates, publishing events and e-mailing the customer', async () => {
    const events: LiveEvent[] = [];
    const stop = test.ctx.events.subscribe((event) => events.push(event));
    try {
      const first = await test.call('PUT', `/api/driver/bookings/${pickupBookingId}/status`, { cookie: driver, body: { status: 'en_route_pickup', message: 'On my way, 10 minutes out' } });
      expect(first.statusCode).toBe(200);
      expect((first.json() as BookingView).status).toBe('en_route_pickup');
      // Choosing an en-route step switches sharing on and makes this the current job.
      expect((await test.call('GET', '/api/driver/status', { cookie: driver })).json()).toMatchObject({ isLocationSharing: true, currentBookingId: pickupBookingId, status: 'busy' });
      const mail = await latestMailTo(test, DEMO_CUSTOMER_EMAIL);
      // The en-route step is told once, by the on-my-way message (decision 050), not by a status e-mail too.
      expect(mail?.subject).toBe('Diego is on the way');

      test.clock.advance(60_000);
      for (const status of ['arrived_pickup', 'picked_up', 'en_route_service', 'arrived_service', 'in_progress', 'completed_service', 'en_route_return', 'completed']) {
        // The seeded job is for a later day: completing it early takes a reason.
        const body = status === 'completed' ? { status, message: 'Finished ahead of the day' } : { status };
        const response = await test.call('PUT', `/api/driver/bookings/${pickupBookingId}/status`, { cookie: driver, body });
        expect(response.statusCode, status).toBe(200);
      }
      // A completed booking has no next step.
      expect((await test.call('PUT', `/api/driver/bookings/${pickupBookingId}/status`, { cookie: driver, body: { status: 'completed' } })).statusCode).toBe(409);

      const updates = await test.handle.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, pickupBookingId));
      expect(updates.filter((u) => u.driverId === driverId).map((u) => u.status)).toContain('completed');
      expect(updates.find((u) => u.status === 'en_route_pickup')?.message).toBe('On my way, 10 minutes out');
      const arrived = updates.find((u) => u.status === 'arrived_pickup')!;
      expect(updateMessage({ kind: arrived.kind, params: arrived.params, note: arrived.message })).toBe('Driver Arrived for Pickup');
      const [row] = await test.handle.db.select({ pickupTime: bookings.pickupTime, status: bookings.status }).from(bookings).where(eq(bookings.id, pickupBookingId));
      expect(row!.status).toBe('completed');
      expect(row!.pickupTime).not.toBeNull();

      await expect.poll(() => events.filter((e) => e.bookingId === pickupBookingId && e.type === 'booking_status_update').length).toBe(9);
      const completedMail = await latestMailTo(test, DEMO_CUSTOMER_EMAIL);
      expect(completedMail?.subject).toBe('Full Detail: Returned & Complete');
      expect((await test.call('GET', '/api/driver/status', { cookie: driver })).json()).toMatchObject({ currentBookingId: null, status: 'available' });
      const completed = (await test.call('GET', '/api/driver/bookings?scope=completed', { cookie: driver })).json() as Page<BookingView>;
      expect(completed.items[0]!.id).toBe(pickupBookingId);
    } finally {
      stop();
    }
  });
});

describe('PUT /api/driver/location', () => {
  it('refuses bad coordinates with 400 and a message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ latitude: 91, longitude: 0 }, 'latitude must be between -90 and 90'],
      [{ latitude: 10, longitude: -181 }, 'longitude must be between -180 and 180'],
      [{ latitude: '37.3', longitude: -121.9 }, 'latitude must be a number'],
      [{ longitude: -121.9 }, 'latitude must be a number'],
      [{ latitude: 37.3, longitude: -121.9, speed: -1 }, 'speed must be 0 or more'],
      [{ latitude: 37.3, longitude: -121.9, bookingId: 'x' }, 'bookingId must be a booking id'],
    ];
    for (const [body, message] of cases) {
      const response = await test.call('PUT', '/api/driver/location', { cookie: driver, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a booking that is not this driver’s', async () => {
    const other = await test.createUser({ role: 'driver' });
    const response = await test.call('PUT', '/api/driver/location', { cookie: other.cookie, body: { latitude: 37.3, longitude: -121.9, bookingId: mobileBookingId } });
    expect(response.statusCode).toBe(403);
  });

  it('keeps one live row per driver and booking, appends history and publishes the point', async () => {
    const events: LiveEvent[] = [];
    const stop = test.ctx.events.subscribe((event) => events.push(event));
    try {
      for (const [i, latitude] of [37.30, 37.31, 37.32].entries()) {
        test.clock.advance(10_000);
        const response = await test.call('PUT', '/api/driver/location', { cookie: driver, body: { latitude, longitude: -121.9, bookingId: mobileBookingId, speed: 5 + i, heading: 0, accuracy: 10 } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ ok: true, bookingId: mobileBookingId });
      }
      const live = await test.handle.db.select().from(driverLocations).where(and(eq(driverLocations.driverId, driverId), eq(driverLocations.bookingId, mobileBookingId)));
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({ latitude: 37.32, speed: 7, isActive: true });
      const history = await test.handle.db.select().from(driverLocationHistory).where(eq(driverLocationHistory.bookingId, mobileBookingId));
      expect(history.map((h) => h.latitude)).toEqual(expect.arrayContaining([37.3, 37.31, 37.32]));
      await expect.poll(() => events.filter((e) => e.type === 'driver_location_update' && e.bookingId === mobileBookingId).length).toBe(3);
      expect(events.at(-1)).toMatchObject({ type: 'driver_location_update', driverId, latitude: 37.32, longitude: -121.9, speed: 7 });
    } finally {
      stop();
    }
  });

  it('uses the current job when no bookingId is sent, and stores a point without one when there is none', async () => {
    const { cookie, user } = await test.createUser({ role: 'driver' });
    const response = await test.call('PUT', '/api/driver/location', { cookie, body: { latitude: 37.3, longitude: -121.9 } });
    expect(response.json().bookingId).toBeNull();
    const rows = await test.handle.db.select().from(driverLocations).where(eq(driverLocations.driverId, user.id));
    expect(rows).toHaveLength(1);
    await test.call('PUT', '/api/driver/location', { cookie, body: { latitude: 37.31, longitude: -121.9 } });
    expect(await test.handle.db.select().from(driverLocations).where(eq(driverLocations.driverId, user.id))).toHaveLength(1);

    await test.call('PUT', `/api/driver/bookings/${mobileBookingId}/status`, { cookie: driver, body: { status: 'en_route_pickup' } });
    const current = await test.call('PUT', '/api/driver/location', { cookie: driver, body: { latitude: 37.33, longitude: -121.9 } });
    expect(current.json().bookingId).toBe(mobileBookingId);
  });
});

describe('completing a job before its day', () => {
  it('is refused without a reason (400, nothing changes) and accepted with one', async () => {
    // The mobile job, set three days out and not started.
    const later = pacificDateKey(test.ctx.now().getTime() + 3 * 86_400_000);
    await test.handle.db.update(bookings).set({ businessDate: later, status: 'confirmed' }).where(eq(bookings.id, mobileBookingId));
    const path = `/api/driver/bookings/${mobileBookingId}/status`;
    for (const status of ['en_route_pickup', 'arrived_pickup', 'in_progress', 'completed_service']) {
      expect((await test.call('PUT', path, { cookie: driver, body: { status } })).statusCode, status).toBe(200);
    }
    const bare = await test.call('PUT', path, { cookie: driver, body: { status: 'completed', message: '  ' } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('EARLY_COMPLETION_REASON_REQUIRED');
    const [still] = await test.handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, mobileBookingId));
    expect(still!.status).toBe('completed_service');
    const reasoned = await test.call('PUT', path, { cookie: driver, body: { status: 'completed', message: 'Customer asked for it a day early' } });
    expect(reasoned.statusCode, reasoned.body).toBe(200);
    expect((reasoned.json() as BookingView).status).toBe('completed');
  });
});

describe('the location history job', () => {
  it('deletes history older than 30 days and keeps the rest', async () => {
    const { cookie, user } = await test.createUser({ role: 'driver' });
    await test.call('PUT', '/api/driver/location', { cookie, body: { latitude: 37.3, longitude: -121.9 } });
    test.clock.advance(20 * 86_400_000);
    await test.call('PUT', '/api/driver/location', { cookie, body: { latitude: 37.4, longitude: -121.9 } });
    test.clock.advance(15 * 86_400_000);
    const removed = await pruneLocationHistory(test.ctx);
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await test.handle.db.select().from(driverLocationHistory).where(eq(driverLocationHistory.driverId, user.id));
    expect(left.map((h) => h.latitude)).toEqual([37.4]);
    // The live row (the latest point) stays.
    expect(await test.handle.db.select().from(driverLocations).where(eq(driverLocations.driverId, user.id))).toHaveLength(1);
  });
});
