import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, businessAvailability, businessClosures } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { slotsForDay } from './slot-capacity';
import { HOME, serviceNamed } from '../../test/checkout-fixtures';

/**
 * The slot engine through its service and the booking API, on the two daylight-saving days of 2026 —
 * both Sundays, when the seeded weekly hours are closed — with a date override, closures and notice.
 */
let t: TestApp;
/**
 * Schedule rows written straight to the database, past the app (which touches its slot cache on its own
 * writes): this instance then reads the days uncached until their NOTIFY has arrived, as it would after
 * its own write. Without it a day cached by an earlier test could be read before the NOTIFY lands.
 */
async function writeDirectly(write: Promise<unknown>): Promise<void> {
  await write;
  t.ctx.caches.slotDays.touch(null);
}

beforeAll(async () => {
  // Saturday 2026-03-07 10:00 PST.
  t = await createTestApp({ now: Date.parse('2026-03-07T18:00:00Z') });
});
afterAll(() => t.close());

type Slot = { id: string; startTime: string; endTime: string; capacity: number; availableCapacity: number };
const slots = async (serviceName: string, date: string): Promise<Slot[]> => {
  const service = await serviceNamed(t, serviceName);
  const response = await t.call('GET', `/api/services/${service.id}/available-slots?date=${date}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('slots on daylight-saving days', () => {
  it('offers nothing on a Sunday the weekly hours keep closed', async () => {
    expect(await slots('Headlight Restoration', '2026-03-08')).toEqual([]);
    expect(await slots('Headlight Restoration', '2026-11-01')).toEqual([]);
  });

  it('opens a closed Sunday with a date override and books at the right instant after clocks spring forward', async () => {
    await writeDirectly(t.ctx.db.insert(businessAvailability).values({ date: '2026-03-08', startTime: '09:00', endTime: '12:00', maxCapacity: 2 }));
    const day = await slots('Headlight Restoration', '2026-03-08');
    expect(day.map((s) => s.startTime)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(day[0]).toEqual({ id: '2026-03-08T09:00', startTime: '09:00', endTime: '10:00', capacity: 2, availableCapacity: 2 });
    // Only the 09:00 start fits a three-hour service before 12:00.
    expect((await slots('Full Detail', '2026-03-08')).map((s) => s.startTime)).toEqual(['09:00']);

    const headlights = await serviceNamed(t, 'Headlight Restoration');
    const response = await t.call('POST', '/api/bookings', {
      body: { serviceId: headlights.id, serviceType: 'mobile', slotId: '2026-03-08T09:00', address: HOME, guestEmail: 'dst@example.com' },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, response.json().id));
    expect(row!.scheduledDate.toISOString()).toBe('2026-03-08T16:00:00.000Z'); // 09:00 PDT (UTC-7)
    const after = await slots('Headlight Restoration', '2026-03-08');
    expect(after.find((s) => s.startTime === '09:00')!.availableCapacity).toBe(1);
    expect(after.find((s) => s.startTime === '09:30')!.availableCapacity).toBe(1);
    expect(after.find((s) => s.startTime === '10:00')!.availableCapacity).toBe(2);
  });

  it('applies the two-hour notice in Pacific wall time on the spring-forward morning', async () => {
    // 09:30 PDT on 2026-03-08 is 16:30 UTC; an hour-off clock would think it was 08:30.
    const on = await slotsForDay(t.ctx.db, { dateKey: '2026-03-08', durationMinutes: 30, now: new Date('2026-03-08T16:30:00Z') });
    expect(on[0]!.startTime).toBe('11:30');
    const monday = await slotsForDay(t.ctx.db, { dateKey: '2026-03-09', durationMinutes: 60, now: new Date('2026-03-08T16:30:00Z') });
    expect(monday[0]).toMatchObject({ startTime: '09:00', endTime: '10:00', capacity: 3 });
    expect(monday.at(-1)!.startTime).toBe('16:00');
  });

  it('follows the clocks falling back: override hours, notice and the booked instant', async () => {
    await writeDirectly(t.ctx.db.insert(businessAvailability).values({ date: '2026-11-01', startTime: '08:00', endTime: '13:00', maxCapacity: 3 }));
    const early = await slotsForDay(t.ctx.db, { dateKey: '2026-11-01', durationMinutes: 60, now: new Date('2026-10-31T20:00:00Z') });
    expect(early.map((s) => s.startTime)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
    // 09:00 PST on 2026-11-01 is 17:00 UTC.
    const noticed = await slotsForDay(t.ctx.db, { dateKey: '2026-11-01', durationMinutes: 60, now: new Date('2026-11-01T17:00:00Z') });
    expect(noticed[0]!.startTime).toBe('11:00');

    t.clock.now = Date.parse('2026-10-31T20:00:00Z');
    const wash = await serviceNamed(t, 'Wash & Wax');
    const response = await t.call('POST', '/api/bookings', { body: { serviceId: wash.id, serviceType: 'pickup', slotId: '2026-11-01T08:00', address: HOME, guestEmail: 'fall@example.com' } });
    expect(response.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, response.json().id));
    expect(row!.scheduledDate.toISOString()).toBe('2026-11-01T16:00:00.000Z'); // 08:00 PST (UTC-8)
    expect(row!.businessDate).toBe('2026-11-01');
  });

  it('closes a day for a closure, and a recurring closure every year, whatever the override', async () => {
    await writeDirectly(t.ctx.db.insert(businessClosures).values({ date: '2025-11-01', name: 'Founders Day', isRecurring: true }));
    expect(await slotsForDay(t.ctx.db, { dateKey: '2026-11-01', durationMinutes: 60, now: new Date('2026-10-31T20:00:00Z') })).toEqual([]);
    await writeDirectly(t.ctx.db.insert(businessClosures).values({ date: '2026-03-09', name: 'Maintenance', type: 'maintenance' }));
    expect(await slotsForDay(t.ctx.db, { dateKey: '2026-03-09', durationMinutes: 60, now: new Date('2026-03-08T16:30:00Z') })).toEqual([]);
    expect((await slotsForDay(t.ctx.db, { dateKey: '2026-03-10', durationMinutes: 60, now: new Date('2026-03-08T16:30:00Z') })).length).toBe(15);
  });

  it('refuses a booking into a closed day with the invalid-slot message', async () => {
    t.clock.now = Date.parse('2026-03-08T16:30:00Z');
    const headlights = await serviceNamed(t, 'Headlight Restoration');
    const response = await t.call('POST', '/api/bookings', { body: { serviceId: headlights.id, serviceType: 'mobile', slotId: '2026-03-09T10:00', address: HOME, guestEmail: 'closed@example.com' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid Time Slot - Please select a valid time slot for the current service and date.');
  });
});
