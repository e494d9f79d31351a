import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoCodeView } from '../../../shared/schemas/promos';
import { promoRedemptions } from '../../db/schema';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed } from '../../test/checkout-fixtures';
import { createPostgresTestApp, type TestApp } from '../../test/harness';

/** Real PostgreSQL, a real pool: parallel checkouts with one promo code never use it more than its cap. */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t?.close());

describe('a promo code’s total-uses cap under concurrency', () => {
  it('lets exactly 3 of 12 simultaneous checkouts use a code capped at 3; the others are told it is used up', async () => {
    const admin = await t.login('admin@glint.local');
    const made = await t.call('POST', '/api/admin/promo-codes', { cookie: admin, body: { code: `RACE${Date.now()}`, kind: 'amount', amountOffCents: 500, maxUses: 3 } });
    expect(made.statusCode, made.body).toBe(201);
    const promo = made.json() as PromoCodeView;
    const service = await serviceNamed(t, 'Express Exterior Wash');
    // Different starts, so the time's own capacity is never what refuses them.
    const starts = ['2026-06-02', '2026-06-05', '2026-06-06', '2026-06-08'].flatMap((date) => ['10:00', '12:00', '14:00'].map((time) => `${date}T${time}`));
    const responses = await Promise.all(
      starts.map((slotId, i) =>
        t.call('POST', '/api/bookings', {
          ip: `10.77.0.${i + 1}`,
          headers: { 'idempotency-key': `promo-race-${i}-${Date.now()}` },
          body: { serviceId: service.id, serviceType: 'mobile', slotId, address: HOME, guestEmail: `promo-racer${i}@example.com`, promoCode: promo.code },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201), responses.map((r) => r.body).join('\n')).toHaveLength(3);
    for (const r of responses.filter((r) => r.statusCode !== 201)) expect(r.json()).toMatchObject({ code: 'PROMO_CODE_USED_UP' });
    expect(await t.ctx.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, promo.id))).toHaveLength(3);
  });
});
