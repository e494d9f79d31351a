import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_PHOTO_SLOTS } from '../../../shared/inspections';
import { inspectionData, JPEG, PNG, postInspection, sixPhotos, WEBP, type Part } from '../../test/inspection-fixtures';
import { bookings, users } from '../../db/schema';
import { DEMO_DRIVER_EMAIL } from '../../db/seed';
import type { LiveEvent } from '../../events/bus';
import type { memoryFileStore } from '../../integrations/files/memory';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let driver: string;
let admin: string;
let customer: string;
let pickupId: string;
let mobileId: string;
let token: string;

const data = inspectionData;
const post = (bookingId: string, parts: Part[], cookie = driver) => postInspection(t, bookingId, parts, cookie);

async function advance(bookingId: string, ...statuses: string[]) {
  for (const status of statuses) {
    const moved = await t.call('PUT', `/api/driver/bookings/${bookingId}/status`, { cookie: driver, body: { status, message: status === 'completed' ? 'Returned' : undefined } });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

const files = () => (t.ctx.files as ReturnType<typeof memoryFileStore>).keys();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  driver = await t.login(DEMO_DRIVER_EMAIL);
  admin = await t.login('admin@glint.local');
  const [me] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DRIVER_EMAIL));
  const mine = await t.handle.db
    .select({ id: bookings.id, type: bookings.serviceType, userId: bookings.userId })
    .from(bookings)
    .where(and(eq(bookings.assignedDriverId, me!.id), eq(bookings.status, 'confirmed')));
  const pickup = mine.find((b) => b.type === 'pickup' && b.userId)!;
  pickupId = pickup.id;
  mobileId = mine.find((b) => b.type === 'mobile')!.id;
  const [owner] = await t.handle.db.select({ email: users.email }).from(users).where(eq(users.id, pickup.userId!));
  customer = await t.login(owner!.email);
  token = (await t.call('POST', `/api/bookings/${pickupId}/generate-tracking-token`, { cookie: admin })).json().token;
}, 120_000);
afterAll(() => t.close());

describe('recording the pickup inspection', () => {
  it('refuses an inspection before the driver is on the way to the car', async () => {
    const refused = await post(pickupId, [data(), ...sixPhotos(), { name: 'signature', file: PNG, type: 'image/png' }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSPECTION_NOT_NOW', params: { phase: 'pickup', status: 'confirmed' } });
    await advance(pickupId, 'en_route_pickup', 'arrived_pickup');
  });

  it('refuses a file that is not JPEG, PNG or WebP by its bytes, whatever it claims, and keeps nothing', async () => {
    const parts = sixPhotos();
    parts[1] = { name: 'photo.rear', file: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/jpeg' };
    const refused = await post(pickupId, [data(), ...parts, { name: 'signature', file: PNG, type: 'image/png' }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'INSPECTION_PHOTO_TYPE_UNSUPPORTED', params: { field: 'photo.rear' } });
    const gif = await post(pickupId, [data(), { name: 'photo.front', file: Buffer.from('GIF89a-tiny') }]);
    expect(gif.json().code).toBe('INSPECTION_PHOTO_TYPE_UNSUPPORTED');
    expect(files()).toEqual([]);
  });

  it('refuses an image over 10 MB with 413 and a code', async () => {
    const huge = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const refused = await post(pickupId, [data(), { name: 'photo.front', file: huge }]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'INSPECTION_PHOTO_TOO_LARGE', params: { field: 'photo.front' } });
    expect(files()).toEqual([]);
  });

  it('names the missing photos, and asks for a signature or "customer not present"', async () => {
    const missing = await post(pickupId, [data(), ...sixPhotos().slice(0, 4), { name: 'signature', file: PNG }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'INSPECTION_PHOTOS_MISSING', params: { slots: 'interior,odometer' } });
    const unsigned = await post(pickupId, [data(), ...sixPhotos()]);
    expect(unsigned.json().code).toBe('INSPECTION_SIGNATURE_REQUIRED');
    const badFuel = await post(pickupId, [data({ fuelEighths: 9 }), ...sixPhotos()]);
    expect(badFuel.statusCode).toBe(400);
    expect(badFuel.json()).toMatchObject({ code: 'INVALID_INPUT', params: { field: 'fuelEighths' } });
    const photosFirst = await post(pickupId, [...sixPhotos(), data()]);
    expect(photosFirst.json().code).toBe('INSPECTION_DATA_FIRST');
    expect(files()).toEqual([]);
  });

  it('answers 404 to a driver the job is not assigned to, and 403 to a customer', async () => {
    const other = await t.createUser({ role: 'driver' });
    const stranger = await post(pickupId, [data(), ...sixPhotos(), { name: 'signature', file: PNG }], other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect((await post(pickupId, [data()], customer)).statusCode).toBe(403);
  });

  it('records odometer, fuel, damage by zone, the photos with their SHA-256, the signature, who and where', async () => {
    await t.call('PUT', '/api/driver/location', { cookie: driver, body: { latitude: 37.33, longitude: -121.89, bookingId: pickupId } });
    const events: LiveEvent[] = [];
    const stop = t.ctx.events.subscribe((event) => events.push(event));
    const recorded = await post(pickupId, [
      data({ damage: [{ zone: 'left', note: 'Scratch on the rear door' }] }),
      ...sixPhotos(),
      { name: 'damage.left', file: JPEG },
      { name: 'signature', file: PNG, type: 'image/png' },
    ]);
    expect(recorded.statusCode, recorded.body).toBe(201);
    // Open tracking pages hear of it at once (a booking update with no status line of its own).
    await expect.poll(() => events.some((event) => event.type === 'booking_update' && event.bookingId === pickupId)).toBe(true);
    stop();
    const record = recorded.json();
    expect(record).toMatchObject({ phase: 'pickup', odometer: 48211, fuelEighths: 5, damage: [{ zone: 'left', note: 'Scratch on the rear door' }], customerNotPresent: false, correctsId: null, position: { latitude: 37.33, longitude: -121.89 } });
    expect(record.inspectedBy.name).toBeTruthy();
    expect(record.photos.map((p: { slot: string }) => p.slot)).toEqual([...REQUIRED_PHOTO_SLOTS, 'damage']);
    expect(record.photos.find((p: { slot: string }) => p.slot === 'interior')).toMatchObject({ contentType: 'image/webp', size: WEBP.length, sha256: createHash('sha256').update(WEBP).digest('hex') });
    expect(record.signature).toMatchObject({ slot: 'signature', contentType: 'image/png' });
    expect(files()).toHaveLength(8);
  });
});

describe('who sees an inspection', () => {
  it('shows it to the customer (session or tracking link), the assigned driver and the admin, with the photo bytes', async () => {
    for (const [who, options] of [
      ['customer', { cookie: customer }],
      ['token', { headers: { 'x-tracking-token': token } }],
      ['driver', { cookie: driver }],
      ['admin', { cookie: admin }],
    ] as const) {
      const seen = await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, options);
      expect(seen.statusCode, who).toBe(200);
      expect(seen.json().pickup.odometer, who).toBe(48211);
    }
    const view = (await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, { cookie: customer })).json();
    const interior = view.pickup.photos.find((p: { slot: string }) => p.slot === 'interior');
    const bytes = await t.call('GET', `${interior.url}?token=${token}`);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    expect(bytes.rawPayload.equals(WEBP)).toBe(true);
  });

  it('answers 404 to anyone else, the photo bytes included', async () => {
    const view = (await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, { cookie: admin })).json();
    const photoUrl = view.pickup.photos[0].url;
    const otherCustomer = await t.createUser({ role: 'customer' });
    const otherDriver = await t.createUser({ role: 'driver' });
    for (const options of [{}, { cookie: otherCustomer.cookie }, { cookie: otherDriver.cookie }, { headers: { 'x-tracking-token': 'not-the-token' } }]) {
      expect((await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, options)).statusCode).toBe(404);
      expect((await t.call('GET', photoUrl, options)).statusCode).toBe(404);
    }
    // A photo id under another booking is not found either.
    expect((await t.call('GET', photoUrl.replace(pickupId, mobileId), { cookie: admin })).statusCode).toBe(404);
  });
});

describe('a finalised record never changes', () => {
  it('refuses a second pickup inspection and takes a correction as a new linked record', async () => {
    const original = (await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, { cookie: driver })).json().pickup;
    const again = await post(pickupId, [data(), ...sixPhotos(), { name: 'signature', file: PNG }]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INSPECTION_ALREADY_RECORDED', params: { phase: 'pickup' } });
    // Refused from the data part alone: none of its images was kept.
    expect(files()).toHaveLength(8);
    const correction = await post(pickupId, [data({ odometer: 48112, correctsId: original.id, customerNotPresent: true }), ...sixPhotos()]);
    expect(correction.statusCode, correction.body).toBe(201);
    expect(correction.json()).toMatchObject({ correctsId: original.id, odometer: 48112 });
    const view = (await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, { cookie: customer })).json();
    expect(view.pickup.id).toBe(correction.json().id);
    expect(view.history.map((r: { odometer: number }) => r.odometer)).toEqual([48211, 48112]);
    expect(view.history[0]).toEqual(original);
    // The original can be corrected once; the chain goes on from its newest record.
    const twice = await post(pickupId, [data({ correctsId: original.id, customerNotPresent: true }), ...sixPhotos()]);
    expect(twice.json().code).toBe('INSPECTION_CORRECTION_INVALID');
  });

  it('is refused by the database itself if anything tries to update it', async () => {
    const refusal = (error: { message?: string; cause?: { message?: string } }) => `${error.message} ${error.cause?.message}`;
    await expect(t.handle.db.execute(sql`update inspections set odometer = 1`).catch(refusal)).resolves.toMatch(/inspection records are final/);
    await expect(t.handle.db.execute(sql`update inspection_photos set size = 1`).catch(refusal)).resolves.toMatch(/inspection records are final/);
    // Only a deleted technician's id may be cleared (the user's foreign key is `on delete set null`).
    await t.handle.db.execute(sql`update inspections set inspected_by = null where phase = 'pickup'`);
  });

  it('refuses inspections on a mobile job', async () => {
    const refused = await t.call('GET', `/api/driver/bookings/${mobileId}/inspections`, { cookie: driver });
    expect(refused.json()).toMatchObject({ pickup: null, return: null, history: [] });
    expect((await post(mobileId, [data(), ...sixPhotos(), { name: 'signature', file: PNG }])).json().code).toBe('INSPECTION_NOT_PICKUP_JOB');
  });
});

describe('the customer flags a concern within 24 hours of the return', () => {
  const concern = (options: { cookie?: string; headers?: Record<string, string> }, text = 'There is a new dent on the left door') =>
    t.call('POST', `/api/driver/bookings/${pickupId}/inspections/concerns`, { ...options, body: { text } });

  it('is not open before the car is back', async () => {
    const early = await concern({ cookie: customer });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'INSPECTION_CONCERN_NOT_OPEN', params: { reason: 'not_returned' } });
  });

  it('opens with the return inspection, for the customer only, and the admin sees it', async () => {
    await advance(pickupId, 'picked_up', 'en_route_service', 'arrived_service', 'in_progress', 'completed_service', 'en_route_return');
    const returned = await post(pickupId, [data({ phase: 'return', odometer: 48230, fuelEighths: 5 }), ...sixPhotos(), { name: 'signature', file: PNG }]);
    expect(returned.statusCode, returned.body).toBe(201);
    const view = (await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, { headers: { 'x-tracking-token': token } })).json();
    expect(view).toMatchObject({ canFlagConcern: true, return: { odometer: 48230 } });
    expect(new Date(view.concernDeadline).getTime() - new Date(view.return.finalisedAt).getTime()).toBe(24 * 3_600_000);
    expect((await concern({ cookie: driver })).json().code).toBe('INSPECTION_CONCERN_CUSTOMER_ONLY');
    const flagged = await concern({ headers: { 'x-tracking-token': token, 'idempotency-key': 'concern-key-1' } });
    expect(flagged.statusCode, flagged.body).toBe(201);
    // A retry with the same key is the same concern, not a second one.
    const retried = await concern({ headers: { 'x-tracking-token': token, 'idempotency-key': 'concern-key-1' } });
    expect(retried.json().id).toBe(flagged.json().id);
    const adminView = (await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, { cookie: admin })).json();
    expect(adminView.concerns).toEqual([flagged.json()]);
    expect(adminView.canFlagConcern).toBe(false);
  });

  it('closes 24 hours after the return', async () => {
    t.clock.advance(24 * 3_600_000 + 60_000);
    const late = await concern({ cookie: customer });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'INSPECTION_CONCERN_NOT_OPEN', params: { reason: 'closed' } });
    expect((await t.call('GET', `/api/driver/bookings/${pickupId}/inspections`, { cookie: customer })).json().canFlagConcern).toBe(false);
  });
});
