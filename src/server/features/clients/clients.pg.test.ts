import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, clients } from '../../db/schema';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { resolveClient } from './index';

/** Real PostgreSQL, a real pool: bookings for one new person truly arrive at the same time. */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t?.close());

describe('one client per person under concurrency', () => {
  it('8 simultaneous guest checkouts for one new e-mail (different cases) make one client that all 8 bookings share', async () => {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const responses = await Promise.all(
      times.map((time, i) =>
        t.call('POST', '/api/bookings', {
          headers: { 'idempotency-key': newKey() },
          ip: `203.0.113.${i + 1}`,
          body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T${time}`, address: HOME, guestEmail: i % 2 ? 'RACE@example.com' : 'race@example.com', guestName: 'Rae Race', guestPhone: '4085550177' },
        }),
      ),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBe(201);
    const made = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.email, 'race@example.com'));
    expect(made).toHaveLength(1);
    const linked = await t.ctx.db.select({ clientId: bookings.clientId }).from(bookings).where(eq(bookings.guestEmail, 'race@example.com'));
    expect(linked).toHaveLength(times.length);
    expect(new Set(linked.map((b) => b.clientId))).toEqual(new Set([made[0]!.id]));
  });

  it('12 simultaneous resolutions of one new phone number, written different ways, make one client', async () => {
    const phones = ['4085550188', '(408) 555-0188', '+14085550188', '408.555.0188'];
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => t.ctx.db.transaction((tx) => resolveClient(tx, { name: 'Pat Parallel', phone: phones[i % phones.length] }))));
    expect(new Set(ids).size).toBe(1);
    expect(await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.phoneDigits, '4085550188'))).toHaveLength(1);
  });
});
