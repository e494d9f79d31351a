import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverLocationResponse, FullTrackingView, LimitedTrackingView, TrackingTokenResponse } from '../../../shared/schemas/tracking';
import { bookings, users } from '../../db/schema';
import { DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueTrackingToken } from '../bookings';

let test: TestApp;
let customerCookie: string;
let driverCookie: string;
let bookingId: string;
let unassignedId: string;

async function userId(email: string) {
  const [row] = await test.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

beforeAll(async () => {
  test = await createTestApp({ seedDemo: true });
  customerCookie = await test.login(DEMO_CUSTOMER_EMAIL);
  driverCookie = await test.login(DEMO_DRIVER_EMAIL);
  const driverId = await userId(DEMO_DRIVER_EMAIL);
  const [assigned] = await test.handle.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.assignedDriverId, driverId), eq(bookings.status, 'confirmed'), eq(bookings.serviceType, 'pickup')));
  bookingId = assigned!.id;
  const all = await test.handle.db.select({ id: bookings.id, driver: bookings.assignedDriverId }).from(bookings);
  unassignedId = all.find((b) => b.driver === null)!.id;
}, 120_000);
afterAll(async () => test.close());

const privateFields = ['address', 'user', 'guestEmail', 'guestName', 'guestPhone', 'totalAmount', 'notes', 'updates'];

describe('GET /api/bookings/guest/:id', () => {
  it('shows a stranger only the service, status, type and scheduled time', async () => {
    const response = await test.call('GET', `/api/bookings/guest/${bookingId}`);
    expect(response.statusCode).toBe(200);
    const view = response.json() as LimitedTrackingView;
    expect(view).toEqual({
      access: 'limited',
      id: bookingId,
      service: { name: 'Full Detail' },
      serviceName: 'Full Detail',
      status: 'confirmed',
      serviceType: 'pickup',
      scheduledDate: expect.any(String),
    });
    for (const field of privateFields) expect(view).not.toHaveProperty(field);
  });

  it('gives the owner the full booking with its updates and an ETA', async () => {
    const response = await test.call('GET', `/api/bookings/guest/${bookingId}`, { cookie: customerCookie });
    const view = response.json() as FullTrackingView;
    expect(view.access).toBe('full');
    expect(view.address).toEqual({ street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' });
    expect(view.user?.email).toBe(DEMO_CUSTOMER_EMAIL);
    expect(view.totalAmount).toMatch(/^\d+\.\d{2}$/);
    expect(view.updates[0]?.message).toBe('Payment received. Your booking is confirmed.');
    expect(view.eta?.kind).toBe('completion');
  });

  it('gives another customer the limited view', async () => {
    const { cookie } = await test.createUser();
    const view = (await test.call('GET', `/api/bookings/guest/${bookingId}`, { cookie })).json() as LimitedTrackingView;
    expect(view.access).toBe('limited');
    expect(view).not.toHaveProperty('address');
  });

  it('gives staff the full view: an admin and the assigned driver, but not another driver', async () => {
    const admin = await test.login('admin@glint.local');
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}`, { cookie: admin })).json().access).toBe('full');
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}`, { cookie: driverCookie })).json().access).toBe('full');
    const other = await test.createUser({ role: 'driver' });
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}`, { cookie: other.cookie })).json().access).toBe('limited');
  });

  it('gives a tracking-token holder the full view by header or query, and refuses a wrong token quietly', async () => {
    const token = await issueTrackingToken(test.handle.db, bookingId);
    const byHeader = (await test.call('GET', `/api/bookings/guest/${bookingId}`, { headers: { 'x-tracking-token': token } })).json() as FullTrackingView;
    expect(byHeader.access).toBe('full');
    expect(byHeader.address?.street).toBe('425 Park Ave');
    const byQuery = (await test.call('GET', `/api/bookings/guest/${bookingId}?token=${token}`)).json();
    expect(byQuery.access).toBe('full');
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}?token=not-the-token`)).json().access).toBe('limited');
    // A token opens only its own booking.
    expect((await test.call('GET', `/api/bookings/guest/${unassignedId}`, { headers: { 'x-tracking-token': token } })).json().access).toBe('limited');
  });

  it('stops honouring a token 30 days after the booking', async () => {
    const later = await createTestApp({ seedDemo: true });
    try {
      const [row] = await later.handle.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, 'confirmed')).limit(1);
      const token = await issueTrackingToken(later.handle.db, row!.id);
      expect((await later.call('GET', `/api/bookings/guest/${row!.id}?token=${token}`)).json().access).toBe('full');
      later.clock.advance(40 * 86_400_000);
      expect((await later.call('GET', `/api/bookings/guest/${row!.id}?token=${token}`)).json().access).toBe('limited');
    } finally {
      await later.close();
    }
  }, 120_000);

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    const missing = await test.call('GET', '/api/bookings/guest/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Booking not found');
    const bad = await test.call('GET', '/api/bookings/guest/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Not a valid id');
  });
});

describe('POST /api/bookings/:id/generate-tracking-token', () => {
  it('lets the owner create a working link that replaces the previous one', async () => {
    const first = (await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: customerCookie })).json() as TrackingTokenResponse;
    expect(first.token.length).toBeGreaterThan(30);
    expect(first.trackingUrl).toBe(`http://localhost:5000/tracking?bookingId=${bookingId}&token=${first.token}`);
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}`, { headers: { 'x-tracking-token': first.token } })).json().access).toBe('full');

    const second = (await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: customerCookie })).json() as TrackingTokenResponse;
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}`, { headers: { 'x-tracking-token': second.token } })).json().access).toBe('full');
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}`, { headers: { 'x-tracking-token': first.token } })).json().access).toBe('limited');
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: customerCookie })).json() as TrackingTokenResponse;
    const [row] = await test.handle.db.select({ hash: bookings.trackingTokenHash }).from(bookings).where(eq(bookings.id, bookingId));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toContain(token);
  });

  it('lets an admin generate one, and refuses strangers, other customers and drivers', async () => {
    const admin = await test.login('admin@glint.local');
    expect((await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: admin })).statusCode).toBe(200);
    expect((await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`)).statusCode).toBe(401);
    const other = await test.createUser();
    const refused = await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: other.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only share tracking for your own bookings');
    expect((await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: driverCookie })).statusCode).toBe(403);
  });
});

describe('GET /api/bookings/guest/:id/driver-location', () => {
  it('refuses anyone without access', async () => {
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}/driver-location`)).statusCode).toBe(401);
    const other = await test.createUser();
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}/driver-location`, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}/driver-location`, { headers: { 'x-tracking-token': 'wrong' } })).statusCode).toBe(403);
  });

  it('has no location before the driver shares one, then the latest point with the driver and an arrival ETA', async () => {
    const { token } = (await test.call('POST', `/api/bookings/${bookingId}/generate-tracking-token`, { cookie: customerCookie })).json() as TrackingTokenResponse;
    const headers = { 'x-tracking-token': token };
    const before = (await test.call('GET', `/api/bookings/guest/${bookingId}/driver-location`, { headers })).json() as DriverLocationResponse;
    expect(before.location).toBeNull();
    expect(before.driver).toEqual({ fullName: 'Diego Ramirez', phone: '+14085550175' });

    expect((await test.call('PUT', `/api/driver/bookings/${bookingId}/status`, { cookie: driverCookie, body: { status: 'en_route_pickup' } })).statusCode).toBe(200);
    // ~10 km north of the customer's address.
    await test.call('PUT', '/api/driver/location', { cookie: driverCookie, body: { latitude: 37.4217, longitude: -121.8963, bookingId, speed: 12.5, heading: 180, accuracy: 10 } });
    test.clock.advance(5_000);
    await test.call('PUT', '/api/driver/location', { cookie: driverCookie, body: { latitude: 37.4117, longitude: -121.8963, bookingId, speed: 13, heading: 180, accuracy: 10 } });

    const after = (await test.call('GET', `/api/bookings/guest/${bookingId}/driver-location`, { headers })).json() as DriverLocationResponse;
    expect(after.location).toMatchObject({ latitude: 37.4117, longitude: -121.8963, speed: 13, heading: 180 });
    expect(after.driver?.fullName).toBe('Diego Ramirez');
    expect(after.eta?.kind).toBe('arrival');
    expect(after.eta?.minutes).toBeGreaterThanOrEqual(20);
    expect(after.eta?.minutes).toBeLessThanOrEqual(25);

    const view = (await test.call('GET', `/api/bookings/guest/${bookingId}`, { headers })).json() as FullTrackingView;
    expect(view.status).toBe('en_route_pickup');
    expect(view.eta).toEqual(after.eta);
    expect(view.updates[0]).toMatchObject({ status: 'en_route_pickup', message: 'Driver En Route to Pickup' });
  });

  it('names the map to draw: OpenStreetMap, or Google Maps with its key when the server has one', async () => {
    const admin = await test.login('admin@glint.local');
    expect((await test.call('GET', `/api/bookings/guest/${bookingId}/driver-location`, { cookie: admin })).json().map).toEqual({ provider: 'osm', tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' });
    const google = await createTestApp({ seedDemo: true, env: { GOOGLE_MAPS_API_KEY: 'browser-key-123' } });
    try {
      const [row] = await google.handle.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, 'confirmed')).limit(1);
      const cookie = await google.login('admin@glint.local');
      expect((await google.call('GET', `/api/bookings/guest/${row!.id}/driver-location`, { cookie })).json().map).toEqual({ provider: 'google', apiKey: 'browser-key-123' });
    } finally {
      await google.close();
    }
  }, 120_000);

  it('answers with no driver for a booking nobody is assigned to', async () => {
    const admin = await test.login('admin@glint.local');
    const response = (await test.call('GET', `/api/bookings/guest/${unassignedId}/driver-location`, { cookie: admin })).json() as DriverLocationResponse;
    expect(response.driver).toBeNull();
    expect(response.location).toBeNull();
  });
});
