import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../../shared/schemas/admin-bookings';
import type { BookingUpdateView, BookingView } from '../../../shared/schemas/bookings';
import type { Page } from '../../../shared/schemas/common';
import { WS_CLOSE, type FullTrackingView } from '../../../shared/schemas/tracking';
import { bookings, bookingUpdates, users } from '../../db/schema';
import { DEMO_CUSTOMER_EMAIL, DEMO_DRIVER_EMAIL } from '../../db/seed';
import { bookAsGuest, MONDAY_9AM_PACIFIC } from '../../test/checkout-fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness';
import { openSocket } from '../../test/test-socket';

/** The driver on the road: messages to the customer, jobs taken away, vehicle and gate code. */
let test: TestApp;
let base: string;
let admin: string;
let driver: string;
let customer: string;
let driverId: string;
let pickupId: string;
let mobileId: string;

beforeAll(async () => {
  test = await createTestApp({ seedDemo: true, now: MONDAY_9AM_PACIFIC });
  base = (await test.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  admin = await test.login('admin@glint.local');
  driver = await test.login(DEMO_DRIVER_EMAIL);
  customer = await test.login(DEMO_CUSTOMER_EMAIL);
  const [row] = await test.handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
  driverId = row!.id;
  const mine = await test.handle.db
    .select({ id: bookings.id, type: bookings.serviceType })
    .from(bookings)
    .where(and(eq(bookings.assignedDriverId, driverId), eq(bookings.status, 'confirmed')));
  pickupId = mine.find((b) => b.type === 'pickup')!.id;
  mobileId = mine.find((b) => b.type === 'mobile')!.id;
}, 120_000);
afterAll(async () => test.close());

const note = (bookingId: string, cookie: string, message: unknown, headers: Record<string, string> = {}) =>
  test.call('POST', `/api/driver/bookings/${bookingId}/notes`, { cookie, body: { message }, headers });

async function statusOf(id: string) {
  const [row] = await test.handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  return row!.status;
}

describe('POST /api/driver/bookings/:id/notes', () => {
  it('lets the assigned driver tell the customer something, without changing the status, and the customer sees it', async () => {
    const response = await note(mobileId, driver, '  Running 10 minutes late, sorry!  ');
    expect(response.statusCode).toBe(201);
    const update = response.json() as BookingUpdateView;
    expect(update).toMatchObject({ bookingId: mobileId, kind: 'driver_note', status: 'confirmed', driverId, message: 'Message from your detailer: Running 10 minutes late, sorry!' });
    expect(update.params).toMatchObject({ text: 'Running 10 minutes late, sorry!', by: 'driver' });
    expect(await statusOf(mobileId)).toBe('confirmed');

    // The customer's tracking page (they own the booking) lists it among the updates.
    const tracking = (await test.call('GET', `/api/bookings/guest/${mobileId}`, { cookie: customer })).json() as FullTrackingView;
    expect(tracking.access).toBe('full');
    expect(tracking.updates.find((u) => u.kind === 'driver_note')).toMatchObject({ message: 'Message from your detailer: Running 10 minutes late, sorry!', status: 'confirmed' });
  });

  it('refuses another driver with 403 and a customer with 403, writing nothing', async () => {
    const other = await test.createUser({ role: 'driver' });
    const refused = await note(pickupId, other.cookie, 'Hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_YOUR_BOOKING' });
    expect((await note(pickupId, customer, 'Hello')).statusCode).toBe(403);
    expect((await test.call('POST', `/api/driver/bookings/${pickupId}/notes`, { body: { message: 'Hello' } })).statusCode).toBe(401);
    const tracking = (await test.call('GET', `/api/bookings/guest/${pickupId}`, { cookie: customer })).json() as FullTrackingView;
    expect(tracking.updates.some((u) => u.kind === 'driver_note')).toBe(false);
  });

  it('lets an admin post on any job', async () => {
    const response = await note(pickupId, admin, 'The office here: your detailer is on the way.');
    expect(response.statusCode).toBe(201);
    expect(response.json().params).toMatchObject({ by: 'admin' });
  });

  it('refuses an empty or too long message, and an unknown booking, with 4xx and a message', async () => {
    const empty = await note(mobileId, driver, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'INVALID_INPUT', message: 'Please write a message' });
    const long = await note(mobileId, driver, 'x'.repeat(281));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The message must be at most 280 characters');
    expect((await note(mobileId, driver, 'x'.repeat(280))).statusCode).toBe(201);
    expect((await note('00000000-0000-4000-8000-000000000000', driver, 'Hi')).statusCode).toBe(404);
  });

  it('posts once for a repeated Idempotency-Key (a double tap)', async () => {
    const key = 'driver-note-double-tap-1';
    const first = await note(pickupId, driver, 'At the gate', { 'idempotency-key': key });
    const second = await note(pickupId, driver, 'At the gate', { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
  });

  it('limits messages per job: the sixth within ten minutes is refused with 429, and allowed again once they age', async () => {
    const { cookie, user } = await test.createUser({ role: 'driver' });
    await test.call('POST', `/api/drivers/${user.id}/assign/${mobileId}`, { cookie: admin, body: { override: true } });
    // This job already has two notes from the tests above (within the window): three more fit, then none.
    const posted: number[] = [];
    for (let i = 0; i < 6; i += 1) posted.push((await note(mobileId, cookie, `Update ${i}`)).statusCode);
    expect(posted).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = await note(mobileId, cookie, 'One more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'DRIVER_NOTE_LIMIT', params: { limit: 5, minutes: 10 } });
    // Ten minutes on (the notes' own timestamps age), a message goes through again.
    await test.handle.db
      .update(bookingUpdates)
      .set({ createdAt: sql`${bookingUpdates.createdAt} - interval '11 minutes'` })
      .where(and(eq(bookingUpdates.bookingId, mobileId), eq(bookingUpdates.kind, 'driver_note')));
    expect((await note(mobileId, cookie, 'Back again')).statusCode).toBe(201);
    // Put the job back with the demo driver for the tests below.
    await test.call('POST', `/api/drivers/${driverId}/assign/${mobileId}`, { cookie: admin, body: { override: true } });
  });
});

describe('a job the office takes away', () => {
  it('refuses the driver every action once the job is unassigned, and tells their open page', async () => {
    const socket = openSocket(`${base}/ws?channel=driver`, { cookie: driver, origin: TEST_PUBLIC_URL });
    await socket.next('driver_connected');
    expect((await test.call('POST', `/api/drivers/unassign/assign/${pickupId}`, { cookie: admin })).statusCode).toBe(200);
    expect(await socket.next('driver_job')).toMatchObject({ type: 'driver_job', bookingId: pickupId, change: 'unassigned' });

    const advance = await test.call('PUT', `/api/driver/bookings/${pickupId}/status`, { cookie: driver, body: { status: 'en_route_pickup' } });
    expect(advance.statusCode).toBe(403);
    expect((await note(pickupId, driver, 'On my way')).statusCode).toBe(403);
    expect((await test.call('PUT', '/api/driver/location', { cookie: driver, body: { latitude: 37.3, longitude: -121.9, bookingId: pickupId } })).statusCode).toBe(403);
    expect(await statusOf(pickupId)).toBe('confirmed');
    const list = (await test.call('GET', '/api/driver/bookings', { cookie: driver })).json() as Page<BookingView>;
    expect(list.items.map((b) => b.id)).not.toContain(pickupId);

    // Assigned again: the page hears that too.
    await test.call('POST', `/api/drivers/${driverId}/assign/${pickupId}`, { cookie: admin, body: { override: true } });
    expect(await socket.next('driver_job')).toMatchObject({ bookingId: pickupId, change: 'assigned' });
    socket.socket.close();
  });

  it('refuses the driver every action once the job is cancelled, and tells their open page', async () => {
    const socket = openSocket(`${base}/ws?channel=driver`, { cookie: driver, origin: TEST_PUBLIC_URL });
    await socket.next('driver_connected');
    const started = await test.call('PUT', `/api/driver/bookings/${mobileId}/status`, { cookie: driver, body: { status: 'en_route_pickup' } });
    expect(started.statusCode).toBe(200);
    expect(await socket.next('driver_job')).toMatchObject({ bookingId: mobileId, change: 'updated' });

    const cancelled = await test.call('POST', `/api/admin/bookings/${mobileId}/cancel`, { cookie: admin, body: { message: 'Customer called to cancel' } });
    expect(cancelled.statusCode).toBe(200);
    await expect.poll(() => socket.messages.some((m) => m.type === 'driver_job' && m.bookingId === mobileId && m.change === 'cancelled')).toBe(true);

    const advance = await test.call('PUT', `/api/driver/bookings/${mobileId}/status`, { cookie: driver, body: { status: 'arrived_pickup' } });
    expect(advance.statusCode).toBe(409);
    expect(advance.json()).toMatchObject({ code: 'BOOKING_NOT_ACTIVE', params: { status: 'cancelled' } });
    const refusedNote = await note(mobileId, driver, 'Here');
    expect(refusedNote.statusCode).toBe(409);
    expect(refusedNote.json().code).toBe('BOOKING_NOT_ACTIVE');
    expect((await test.call('PUT', '/api/driver/location', { cookie: driver, body: { latitude: 37.3, longitude: -121.9, bookingId: mobileId } })).statusCode).toBe(409);
    expect(await statusOf(mobileId)).toBe('cancelled');
    socket.socket.close();
  });

  it('opens the driver channel to drivers and admins only', async () => {
    expect((await openSocket(`${base}/ws?channel=driver`, { cookie: customer, origin: TEST_PUBLIC_URL }).closed).code).toBe(WS_CLOSE.FORBIDDEN);
    expect((await openSocket(`${base}/ws?channel=driver`).closed).code).toBe(WS_CLOSE.INVALID_TOKEN);
    // Another site's page cannot borrow the driver's cookie.
    expect((await openSocket(`${base}/ws?channel=driver`, { cookie: driver, origin: 'https://evil.example' }).closed).code).toBe(WS_CLOSE.INVALID_TOKEN);
    const adminSocket = openSocket(`${base}/ws?channel=driver`, { cookie: admin, origin: TEST_PUBLIC_URL });
    await adminSocket.next('driver_connected');
    adminSocket.socket.close();
  });

  it("tells only the job's driver, not another driver", async () => {
    const other = await test.createUser({ role: 'driver' });
    const otherSocket = openSocket(`${base}/ws?channel=driver`, { cookie: other.cookie, origin: TEST_PUBLIC_URL });
    const mineSocket = openSocket(`${base}/ws?channel=driver`, { cookie: driver, origin: TEST_PUBLIC_URL });
    await otherSocket.next('driver_connected');
    await mineSocket.next('driver_connected');
    await test.call('POST', `/api/drivers/unassign/assign/${pickupId}`, { cookie: admin });
    await mineSocket.next('driver_job');
    await test.call('POST', `/api/drivers/${driverId}/assign/${pickupId}`, { cookie: admin, body: { override: true } });
    await mineSocket.next('driver_job');
    expect(otherSocket.messages.some((m) => m.type === 'driver_job')).toBe(false);
    otherSocket.socket.close();
    mineSocket.socket.close();
  });
});

describe('vehicle and gate code', () => {
  it('stores what the customer typed at checkout and shows it to the driver and the admin', async () => {
    const created = await bookAsGuest(test, { vehicle: '  Blue Honda Civic  ', accessNotes: 'Gate code #4821, park in visitor spot 3' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const details = (await test.call('GET', `/api/admin/bookings/${id}`, { cookie: admin })).json() as AdminBooking;
    expect(details).toMatchObject({ vehicle: 'Blue Honda Civic', accessNotes: 'Gate code #4821, park in visitor spot 3' });

    await test.handle.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, id));
    await test.call('POST', `/api/drivers/${driverId}/assign/${id}`, { cookie: admin, body: { override: true } });
    const list = (await test.call('GET', '/api/driver/bookings', { cookie: driver })).json() as Page<BookingView>;
    expect(list.items.find((b) => b.id === id)).toMatchObject({ vehicle: 'Blue Honda Civic', accessNotes: 'Gate code #4821, park in visitor spot 3' });
  });

  it('leaves both empty when not given, and stores blank input as empty', async () => {
    const created = await bookAsGuest(test, { slotId: '2026-06-02T11:00', vehicle: '   ', accessNotes: null });
    expect(created.statusCode).toBe(201);
    const details = (await test.call('GET', `/api/admin/bookings/${created.json().id}`, { cookie: admin })).json() as AdminBooking;
    expect(details).toMatchObject({ vehicle: null, accessNotes: null });
  });

  it('refuses a vehicle over 80 or access notes over 200 characters, naming the field', async () => {
    const vehicle = await bookAsGuest(test, { slotId: '2026-06-02T12:00', vehicle: 'v'.repeat(81) });
    expect(vehicle.statusCode).toBe(400);
    expect(vehicle.json()).toMatchObject({ code: 'INVALID_INPUT', message: 'Vehicle must be at most 80 characters', params: { field: 'vehicle' } });
    const access = await bookAsGuest(test, { slotId: '2026-06-02T12:00', accessNotes: 'a'.repeat(201) });
    expect(access.statusCode).toBe(400);
    expect(access.json()).toMatchObject({ code: 'INVALID_INPUT', message: 'Gate code and parking notes must be at most 200 characters', params: { field: 'accessNotes' } });
  });
});
