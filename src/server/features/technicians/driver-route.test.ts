import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingNumber } from '../../../shared/format';
import { pacificInstant } from '../../../shared/time';
import { offlineTravelMinutes, type Point } from '../../../shared/travel';
import { bookings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let serviceId: string;
let serviceName: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.createUser({ role: 'admin' })).cookie;
  const service = (await t.call('GET', '/api/services')).json()[0];
  serviceId = service.id;
  serviceName = service.name;
});
afterAll(() => t.close());

const DAY = '2031-03-04';
const paloAlto = { label: '250 University Ave, Palo Alto, CA 94301', latitude: 37.4457, longitude: -122.1619 };
const parkAve = { street: '425 Park Ave', city: 'San Jose', zip: '95110', latitude: 37.3318, longitude: -121.8916 };
const campbell = { street: '1 W Campbell Ave', city: 'Campbell', zip: '95008', latitude: 37.2872, longitude: -121.95 };

async function job(driverId: string, time: string, place: typeof parkAve | null, extra: Partial<typeof bookings.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(bookings)
    .values({
      serviceId,
      assignedDriverId: driverId,
      serviceType: place ? 'mobile' : 'serviceLocation',
      scheduledDate: pacificInstant(DAY, time),
      businessDate: DAY,
      durationMinutes: 60,
      status: 'confirmed',
      servicePrice: '100.00',
      serviceFee: '5.00',
      tax: '10.00',
      totalAmount: '115.00',
      source: 'test',
      ...(place ? { addressStreet: place.street, addressCity: place.city, addressState: 'CA', addressZip: place.zip, latitude: String(place.latitude), longitude: String(place.longitude) } : {}),
      ...extra,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

const at = (p: { latitude: number; longitude: number }): Point => ({ latitude: p.latitude, longitude: p.longitude });

describe('the driver route', () => {
  it("lists the driver's own day in start order with the drive from the start place, then from each job", async () => {
    const driver = await t.createUser({ role: 'driver' });
    const other = await t.createUser({ role: 'driver' });
    const saved = await t.call('PUT', `/api/admin/technicians/${driver.user.id}`, { cookie: admin, body: { worksJobs: true, start: paloAlto, end: null, limitedServices: false, serviceIds: [], hours: [] } });
    expect(saved.statusCode, saved.body).toBe(200);
    // Written out of order: the route is by start time.
    const second = await job(driver.user.id, '13:00', campbell);
    const first = await job(driver.user.id, '10:00', parkAve);
    const third = await job(driver.user.id, '15:30', null);
    await job(driver.user.id, '11:30', campbell, { status: 'cancelled' });
    await job(other.user.id, '09:00', parkAve);

    const res = await t.call('GET', `/api/driver/route?date=${DAY}`, { cookie: driver.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.stops.map((s: { bookingId: string }) => s.bookingId)).toEqual([first, second, third]);

    const business = t.ctx.config.business.location;
    const fromStart = offlineTravelMinutes(at(paloAlto), at(parkAve), 10 * 60);
    const toCampbell = offlineTravelMinutes(at(parkAve), at(campbell), 11 * 60);
    const toBusiness = offlineTravelMinutes(at(campbell), business, 14 * 60);
    expect(fromStart).toBeGreaterThan(offlineTravelMinutes(business, at(parkAve), 10 * 60));
    expect(body.stops[0]).toEqual({
      bookingId: first,
      number: bookingNumber(first),
      start: '10:00',
      service: serviceName,
      address: '425 Park Ave, San Jose, CA 95110',
      latitude: parkAve.latitude,
      longitude: parkAve.longitude,
      driveMinutes: fromStart,
    });
    expect(body.stops[1]).toMatchObject({ start: '13:00', driveMinutes: toCampbell });
    expect(body.stops[2]).toMatchObject({ start: '15:30', address: t.ctx.config.business.address, latitude: business.latitude, driveMinutes: toBusiness });
    expect(body.totalDriveMinutes).toBe(fromStart + toCampbell + toBusiness);
    expect(body.date).toBe(DAY);

    // The other driver sees only their own job, from the business's address (no start place set).
    const theirs = (await t.call('GET', `/api/driver/route?date=${DAY}`, { cookie: other.cookie })).json();
    expect(theirs.stops).toHaveLength(1);
    expect(theirs.stops[0]).toMatchObject({ start: '09:00', driveMinutes: offlineTravelMinutes(business, at(parkAve), 9 * 60) });
  });

  it('answers today by default, refuses a bad date and anyone but drivers and admins', async () => {
    const driver = await t.createUser({ role: 'driver' });
    const today = await t.call('GET', '/api/driver/route', { cookie: driver.cookie });
    expect(today.statusCode).toBe(200);
    expect(today.json()).toMatchObject({ stops: [], totalDriveMinutes: 0 });
    expect(today.json().date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await t.call('GET', '/api/driver/route?date=tomorrow', { cookie: driver.cookie })).statusCode).toBe(400);
    const customer = await t.createUser();
    expect((await t.call('GET', '/api/driver/route', { cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/driver/route')).statusCode).toBe(401);
  });
});
