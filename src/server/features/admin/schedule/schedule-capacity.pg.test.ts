import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * On real PostgreSQL with concurrent requests: appointments, blocked time and reschedules race for the
 * same places and the per-day lock lets exactly as many through as there is room for.
 */
const TAKEN = 'That time was just taken. Please choose another time.';
let t: TestApp;
let admin: string;
let hour: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  const services = (await t.call('GET', '/api/admin/services', { cookie: admin })).json() as Array<{ id: string; name: string }>;
  hour = services.find((s) => s.name === 'Headlight Restoration')!.id;
});
afterAll(() => t.close());

const appointment = (date: string, time: string, n: number) =>
  t.call('POST', '/api/admin/appointments', { cookie: admin, body: { customerName: `Racer ${n}`, customerEmail: `racer${n}@example.com`, serviceId: hour, date, time } });

describe('concurrent staff claims', () => {
  it('lets exactly two of eight simultaneous appointments into a slot of capacity two', async () => {
    await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: { date: '2030-03-05', startTime: '09:00', endTime: '12:00', maxCapacity: 2 } });
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => appointment('2030-03-05', '10:00', n)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().message === TAKEN)).toBe(true);
  });

  it('lets one of two simultaneous reschedules into the last place', async () => {
    await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: { date: '2030-03-06', startTime: '09:00', endTime: '12:00', maxCapacity: 1 } });
    const a = (await appointment('2030-03-06', '09:00', 100)).json();
    const b = (await appointment('2030-03-07', '09:00', 101)).json();
    const c = (await appointment('2030-03-07', '11:00', 102)).json();
    const moves = await Promise.all([b, c].map((x) => t.call('PUT', `/api/admin/bookings/${x.id}`, { cookie: admin, body: { date: '2030-03-06', time: '11:00' } })));
    expect(moves.map((m) => m.statusCode).sort()).toEqual([200, 409]);
    expect(a.id).toBeTruthy();
    // 09:00 (a) and 11:00 (the winner) are taken; only 10:00 is left of the day.
    const slots = (await t.call('GET', `/api/services/${hour}/available-slots?date=2030-03-06`)).json() as Array<{ startTime: string }>;
    expect(slots.map((s) => s.startTime)).toEqual(['10:00']);
  });

  it('never lets blocked time and an appointment both take the last place', async () => {
    await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: { date: '2030-03-08', startTime: '09:00', endTime: '12:00', maxCapacity: 1 } });
    const [blocked, booked] = await Promise.all([
      t.call('POST', '/api/admin/blocked-time', { cookie: admin, body: { date: '2030-03-08', startTime: '10:00', endTime: '10:59' } }),
      appointment('2030-03-08', '10:00', 200),
    ]);
    expect([blocked.statusCode, booked.statusCode].sort()).toEqual([201, 409]);
  });
});
