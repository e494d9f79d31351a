import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

/**
 * Real PostgreSQL, a real pool: customers racing for the last technician who can get there. The day has
 * room for three at a time, but one technician: the claim counts who can reach the job under the day's
 * lock, with the others' holds placed first, so exactly one of them gets the start (decision 055).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
  await t.createUser({ role: 'driver', fullName: 'Solo Driver' });
});
afterAll(() => t?.close());

describe('the last reachable technician under concurrency', () => {
  it('lets one of 12 simultaneous customers at nearby addresses take the start; the others get 409 in the words of a taken time', async () => {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call('POST', '/api/bookings', {
          headers: { 'idempotency-key': `reach-race-${i}-${Date.now()}` },
          body: {
            serviceId: service.id,
            serviceType: 'mobile',
            slotId: `${TUESDAY}T13:00`,
            address: { ...HOME, latitude: 37.33 + i * 0.001, longitude: -121.89 },
            guestEmail: `reach${i}@example.com`,
          },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'SLOT_FULL', message: 'That time was just taken. Please choose another time.' });
    const held = await t.ctx.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.businessDate, TUESDAY), eq(bookings.serviceId, service.id), ne(bookings.status, 'cancelled')));
    expect(held).toHaveLength(1);
  });
});
