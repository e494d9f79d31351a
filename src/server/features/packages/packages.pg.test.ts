import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, packagePurchases, testPaymentIntents } from '../../db/schema';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, TUESDAY } from '../../test/checkout-fixtures';
import { createPackage } from '../../test/package-fixtures';
import * as repo from './packages.repository';

/** Real PostgreSQL, a real pool: the requests truly run at the same time. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = (await t.createUser({ role: 'admin' })).cookie;
});
afterAll(() => t?.close());

describe('package credits under concurrency', () => {
  it('lets exactly one of 8 simultaneous bookings take the last credit; the others get 409 and leave no booking', async () => {
    const pkg = await createPackage(t, admin, { serviceCount: 1 });
    const { user, cookie } = await t.createUser();
    const purchase = (await t.call('POST', '/api/admin/package-purchases', { cookie: admin, body: { userId: user.id, packageId: pkg.id, paymentMethod: 'manual' } })).json();
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const responses = await Promise.all(
      times.map((time, i) =>
        t.call('POST', '/api/bookings', {
          cookie,
          headers: { 'idempotency-key': `last-credit-${i}-${Date.now()}` },
          body: { serviceId: pkg.serviceId, serviceType: 'mobile', slotId: `${TUESDAY}T${time}`, address: HOME, packagePurchaseId: purchase.id },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.userId, user.id))).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.id, purchase.id));
    expect(row!.servicesRemaining).toBe(0);
    expect(await repo.ledgerSum(t.ctx.db, purchase.id)).toBe(0);
  });

  it('records a payment as one purchase when 10 confirmations (webhook, card form, browser) race', async () => {
    const pkg = await createPackage(t, admin);
    const { cookie } = await t.createUser();
    const { paymentIntentId } = (await t.call('POST', '/api/packages/purchase', { cookie, body: { packageId: pkg.id } })).json();
    // The provider says it succeeded; every reporter now races to record it.
    await t.ctx.db.update(testPaymentIntents).set({ status: 'succeeded' }).where(eq(testPaymentIntents.id, paymentIntentId));
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/api/packages/confirm-purchase', { cookie, body: { paymentIntentId } })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.paymentIntentId, paymentIntentId));
    expect(rows).toHaveLength(1);
    expect(await repo.ledgerSum(t.ctx.db, rows[0]!.id)).toBe(rows[0]!.servicesRemaining);
    expect(rows[0]!.servicesRemaining).toBe(5);
  });
});
