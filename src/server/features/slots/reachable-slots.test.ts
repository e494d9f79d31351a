import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotCandidate } from '../../../shared/slots';
import type { CacheEvent } from '../../events/bus';
import { addresses, bookings, bookingUpdates, businessAvailability, technicianExceptions, technicianProfiles, technicianServices } from '../../db/schema';
import { linkSecret, signLink } from '../../crypto/signed-links';
import { createTestApp, type TestApp } from '../../test/harness';
import { createBooking } from '../../test/account-fixtures';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed } from '../../test/checkout-fixtures';
import { bookingVerbs, type BookingActor, type BookingDraft } from '../bookings';

/**
 * The slot list offers a mobile job's start only where a technician who does the service can be free for
 * the whole job and drive there and on in time (decision 055); the customer's claim refuses the rest; a
 * confirmed booking goes to the technician whose day gains the least drive.
 */

const ADMIN: BookingActor = { role: 'admin' };
const PALO_ALTO = { latitude: 37.4419, longitude: -122.143 };
const NEAR_PALO_ALTO = { latitude: 37.4425, longitude: -122.1425 };
const GILROY = { latitude: 37.0058, longitude: -121.5683 };
const TUESDAY = '2026-06-02';
const WEDNESDAY = '2026-06-03';
const THURSDAY = '2026-06-04';

let t: TestApp;
let washId: string;
let ana: string;
let ben: string;

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  washId = (await serviceNamed(t, 'Express Exterior Wash')).id;
  ana = (await t.createUser({ role: 'driver', fullName: 'Ana Alvarez' })).user.id;
});
afterAll(() => t.close());

async function slots(date: string, query = '', cookie?: string): Promise<SlotCandidate[]> {
  const response = await t.call('GET', `/api/services/${washId}/available-slots?date=${date}${query}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const at = (p: { latitude: number; longitude: number }) => `&lat=${p.latitude}&lng=${p.longitude}`;
const times = (list: SlotCandidate[]) => list.map((s) => s.startTime);

/** A confirmed appointment the business books at a place (assigned at once, as at any confirmation). */
async function appointment(slotId: string, place: { latitude: number; longitude: number } | null, overrides: Partial<BookingDraft> = {}): Promise<string> {
  return t.ctx.db.transaction((tx) =>
    bookingVerbs(t.ctx).book(tx, ADMIN, {
      serviceId: washId,
      serviceType: place ? 'mobile' : 'serviceLocation',
      slotId,
      durationMinutes: 60,
      servicePrice: '49.00',
      totalAmount: '58.00',
      serviceFee: '5.00',
      tax: '4.00',
      guestName: 'Robin Reach',
      guestEmail: 'robin@example.com',
      source: 'admin',
      latitude: place ? String(place.latitude) : null,
      longitude: place ? String(place.longitude) : null,
      ...overrides,
    }),
  );
}

const driverOf = async (id: string) => (await t.ctx.db.select({ driver: bookings.assignedDriverId }).from(bookings).where(eq(bookings.id, id)))[0]!.driver;

describe('available starts where a technician can get there', () => {
  it('shows a far address fewer starts than one next to an existing job, and an on-site job the whole day', async () => {
    const job = await appointment(`${TUESDAY}T12:00`, PALO_ALTO);
    expect(await driverOf(job)).toBe(ana);
    const onSite = times(await slots(TUESDAY));
    const near = times(await slots(TUESDAY, at(NEAR_PALO_ALTO)));
    const far = times(await slots(TUESDAY, at(GILROY)));
    expect(far.length).toBeLessThan(near.length);
    // Right after the Palo Alto job, a block away (parking included): yes; from Gilroy there is no getting
    // there in time, nor from the business at opening and on to Palo Alto by noon, nor home by closing after it.
    expect(near).toContain('13:30');
    expect(near).not.toContain('09:00'); // from the business at opening, Palo Alto is an hour away at rush hour
    expect(far).toEqual([]);
    expect(onSite).toContain('09:00'); // at the business: no drive from the start location
    expect(onSite).not.toContain('12:00'); // Ana is busy then, and she is the only technician
  });

  it('lists the days of the calendar by the same rule', async () => {
    const days = await t.call('GET', `/api/services/${washId}/available-days?from=${TUESDAY}&to=${TUESDAY}${at(GILROY)}`);
    expect(days.statusCode).toBe(200);
    expect(days.json().dates).toEqual((await slots(TUESDAY, at(GILROY))).length ? [TUESDAY] : []);
    const half = await t.call('GET', `/api/services/${washId}/available-slots?date=${TUESDAY}&lat=37.1`);
    expect(half.statusCode).toBe(400);
  });

  it('asks only technicians who do the service', async () => {
    await t.ctx.db.insert(technicianProfiles).values({ userId: ana, limitedServices: true });
    await t.cachesSettled();
    expect(await slots(THURSDAY, at(NEAR_PALO_ALTO))).toEqual([]);
    await t.ctx.db.insert(technicianServices).values({ userId: ana, serviceId: washId });
    await t.cachesSettled();
    expect((await slots(THURSDAY, at(NEAR_PALO_ALTO))).length).toBeGreaterThan(0);
  });

  it('reads a saved address of the signed-in customer only: anyone else’s is 404', async () => {
    const owner = await t.createUser({ role: 'customer' });
    const other = await t.createUser({ role: 'customer' });
    const [saved] = await t.ctx.db
      .insert(addresses)
      .values({ userId: owner.user.id, street: '1 Monterey Rd', city: 'Gilroy', state: 'CA', zipCode: '95020', isDefault: true, latitude: String(GILROY.latitude), longitude: String(GILROY.longitude) })
      .returning();
    expect(times(await slots(TUESDAY, `&addressId=${saved!.id}`, owner.cookie))).toEqual(times(await slots(TUESDAY, at(GILROY))));
    for (const cookie of [other.cookie, undefined]) {
      const response = await t.call('GET', `/api/services/${washId}/available-slots?date=${TUESDAY}&addressId=${saved!.id}`, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('ADDRESS_NOT_FOUND');
    }
  });

  it('refuses the customer a start no technician can reach, in the words of a taken time, and takes a reachable one', async () => {
    const monday = '2026-06-08';
    const far = times(await slots(monday, at(GILROY)));
    expect(far.length).toBeGreaterThan(0);
    expect(far).not.toContain('09:00');
    const hold = (time: string) =>
      t.call('POST', '/api/bookings', {
        headers: { 'idempotency-key': newKey() },
        body: { serviceId: washId, serviceType: 'mobile', slotId: `${monday}T${time}`, address: { ...HOME, ...GILROY }, guestEmail: 'far@example.com' },
      });
    const refused = await hold('09:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SLOT_FULL', message: 'That time was just taken. Please choose another time.' });
    const taken = await hold(far[0]!);
    expect(taken.statusCode).toBe(201);
    // The hold needs Ana, the only technician: that start is no longer offered even at the business.
    expect(times(await slots(monday))).not.toContain(far[0]);
  });

  it('lists a Manage link only the starts a technician can reach at the booking’s own place', async () => {
    const tuesday = '2026-06-09';
    const booking = await appointment(`${tuesday}T15:00`, GILROY);
    const token = signLink(await linkSecret(t.ctx.db), { bookingId: booking, purpose: 'manage', expiresAt: new Date(MONDAY_9AM_PACIFIC + 30 * 86_400_000) });
    const friday = '2026-06-12';
    const listed = await t.call('GET', `/api/manage/${token}/slots?date=${friday}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const starts = times(listed.json());
    expect(starts.length).toBeGreaterThan(0);
    // From the business at opening, Gilroy is too far for a 09:00 start; on site it is offered.
    expect(starts).not.toContain('09:00');
    expect(times(await slots(friday))).toContain('09:00');
  });

  it('assigns a confirmed booking to the technician whose day gains the least drive, and records it', async () => {
    ben = (await t.createUser({ role: 'driver', fullName: 'Ben Brooks' })).user.id;
    await t.ctx.db.insert(technicianProfiles).values({ userId: ben, startLatitude: PALO_ALTO.latitude, startLongitude: PALO_ALTO.longitude });
    await t.cachesSettled();
    const job = await appointment(`${WEDNESDAY}T11:00`, NEAR_PALO_ALTO);
    expect(await driverOf(job)).toBe(ben);
    const updates = await t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, job));
    expect(updates.map((u) => u.kind)).toEqual(expect.arrayContaining(['created', 'driver_assigned']));
    expect(updates.find((u) => u.kind === 'driver_assigned')).toMatchObject({ driverId: ben, params: { driverName: 'Ben Brooks' } });
    // Near the business it is Ana's (Ben would drive from Palo Alto and back).
    expect(await driverOf(await appointment(`${WEDNESDAY}T11:00`, { latitude: 37.3695, longitude: -121.907 }))).toBe(ana);
    // Nobody free at 11:00 any more: the third stays unassigned, for the dispatch board.
    expect(await driverOf(await appointment(`${WEDNESDAY}T11:00`, NEAR_PALO_ALTO))).toBeNull();
  });

  it('drops the cached day when a job is given to a technician, on this instance and by NOTIFY', async () => {
    const friday = '2026-06-05';
    // A Palo Alto job at 15:00 with no technician yet: it would be Ben's (he starts there), so Ana is free all day.
    const { booking } = await createBooking(t, { dateKey: friday, time: '15:00', serviceSlug: 'express-exterior-wash' });
    await t.ctx.db.update(bookings).set({ latitude: String(PALO_ALTO.latitude), longitude: String(PALO_ALTO.longitude) }).where(eq(bookings.id, booking.id));
    await t.cachesSettled();
    const before = times(await slots(friday, at(GILROY)));
    expect(t.ctx.caches.reachDays.size).toBeGreaterThan(0);
    const cached = async () => {
      let loaded = false;
      await t.ctx.caches.reachDays.get(friday, async () => {
        loaded = true;
        return undefined as never;
      });
      return !loaded;
    };
    expect(await cached()).toBe(true);
    const heard = new Promise<CacheEvent>((resolve) => {
      const stop = t.ctx.events.subscribeCache((event) => {
        if (event.type === 'slots' && event.dates?.includes(friday)) {
          stop();
          resolve(event);
        }
      });
    });
    // The dispatcher gives it to Ana: she must be in Palo Alto at 15:00, and Ben cannot get back from Gilroy by 17:00.
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).assignDriver(tx, booking.id, ADMIN, { id: ana, fullName: 'Ana Alvarez' }));
    await heard;
    // The next read loads the day again: the cached one (the job still unassigned) is gone.
    expect(await cached()).toBe(false);
    expect(before.length).toBeGreaterThan(0);
  });

  it('reads the day’s jobs at their wall-clock times when the clocks spring forward and fall back', async () => {
    // Three Sundays opened 08:00–17:00: the two clock changes of 2027 and an ordinary one, each with a 10:00
    // job in Palo Alto for Ana (Ben has those days off). Drive times go by the wall clock, so the three lists
    // must be the same.
    const days = { spring: '2027-03-14', fall: '2027-11-07', plain: '2027-03-21' };
    for (const date of Object.values(days)) {
      await t.ctx.db.insert(businessAvailability).values({ date, startTime: '08:00', endTime: '17:00', maxCapacity: 3, isActive: true });
      await t.ctx.db.insert(technicianExceptions).values({ userId: ben, date, startTime: null, endTime: null, note: 'Day off' });
    }
    await t.cachesSettled();
    const empty = times(await slots(days.plain, at(NEAR_PALO_ALTO)));
    const lists: Record<string, string[]> = {};
    for (const [name, date] of Object.entries(days)) {
      const job = await appointment(`${date}T10:00`, PALO_ALTO);
      expect(await driverOf(job)).toBe(ana);
      lists[name] = times(await slots(date, at(NEAR_PALO_ALTO)));
    }
    // Busy 10:00–11:00 in Palo Alto, Ana can do the next job a block away from 11:30 (parking included), not
    // 11:00, nor 09:30, which would not leave her the drive back by 10:00.
    expect(empty).toEqual(expect.arrayContaining(['09:30', '10:00', '11:00']));
    expect(lists.plain).toContain('11:30');
    for (const time of ['09:30', '10:00', '10:30', '11:00']) expect(lists.plain).not.toContain(time);
    expect(lists.spring).toEqual(lists.plain);
    expect(lists.fall).toEqual(lists.plain);
  });
});
