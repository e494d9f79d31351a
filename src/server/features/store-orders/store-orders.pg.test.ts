import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { insertStoreOrder, storeOrderRow } from '../../test/store-fixtures';

/** Real PostgreSQL, a real pool: the schedule-booking requests for one order truly run at the same time. */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t?.close());

describe('one booking per store order under concurrency', () => {
  it('12 simultaneous schedule-booking calls for one order (different times) make exactly one booking; the others get 409 with it', async () => {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const email = 'racer@example.com';
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: '5001', email, productServiceIds: [service.id] });
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30'];
    const responses = await Promise.all(
      times.map((time) =>
        t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, {
          body: { email, serviceId: service.id, slotId: `${TUESDAY}T${time}`, dateKey: TUESDAY, serviceType: 'mobile', address: HOME, phone: '4085550100' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(times.length - 1);
    const winner = responses.find((r) => r.statusCode === 201)!.json().booking.id as string;
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'STORE_ORDER_ALREADY_BOOKED', params: { bookingId: winner } });
    expect(await t.ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.guestEmail, email))).toEqual([{ id: winner }]);
    expect((await storeOrderRow(t.ctx.db, order.id)).bookingId).toBe(winner);
  });
});
