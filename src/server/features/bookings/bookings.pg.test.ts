import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

/** Real PostgreSQL, a real connection pool: requests truly run at the same time. */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t?.close());

describe('booking capacity under concurrency', () => {
  it('lets exactly 3 of 50 simultaneous bookings into a step of capacity 3; the other 47 get 409', async () => {
    const service = await serviceNamed(t, 'Headlight Restoration');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('POST', '/api/bookings', {
          headers: { 'idempotency-key': `concurrent-${i}-${Date.now()}` },
          body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T10:00`, address: HOME, guestEmail: `racer${i}@example.com` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().message).toBe('That time was just taken. Please choose another time.');
    const held = await t.ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.businessDate, TUESDAY), eq(bookings.serviceId, service.id), ne(bookings.status, 'cancelled')));
    expect(held).toHaveLength(3);
  });

  it('creates one booking for 10 simultaneous retries of one Idempotency-Key', async () => {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const body = { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T14:00`, address: HOME, guestEmail: 'retry@example.com' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/api/bookings', { headers: { 'idempotency-key': 'one-key-many-tries' }, body })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.guestEmail, 'retry@example.com'))).toHaveLength(1);
  });

  it('keeps at most 2 live holds for one visitor when 12 of its checkouts arrive at once', async () => {
    const { user, cookie } = await t.createUser();
    const names = ['Express Exterior Wash', 'Interior Refresh', 'Wash & Wax', 'Full Detail'];
    const services = await Promise.all(names.map((name) => serviceNamed(t, name)));
    const days = ['2026-06-03', '2026-06-04', '2026-06-05'];
    const responses = await Promise.all(
      services.flatMap((service) =>
        days.map((day) => t.call('POST', '/api/bookings', { cookie, body: { serviceId: service.id, serviceType: 'mobile', slotId: `${day}T09:00`, address: HOME } })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // Another checkout of a service already held replaces it, so more than 2 may succeed one after another;
    // whatever the order, the rest are refused with the limit and never more than 2 stay live.
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(2);
    for (const r of responses.filter((r) => r.statusCode === 429)) expect(r.json().code).toBe('HOLD_LIMIT_REACHED');
    const live = await t.ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.userId, user.id), eq(bookings.status, 'pending')));
    expect(live).toHaveLength(2);
  });
});
