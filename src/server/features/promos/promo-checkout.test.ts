import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import type { PromoCodeView } from '../../../shared/schemas/promos';
import { bookingLines, bookings, promoRedemptions } from '../../db/schema';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * A promo code at checkout (issue 25): the server's price rule takes it off as a discount line of the booking,
 * or refuses it with why — unknown, expired, not for this service, used up, already used by you.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const promo = async (body: Record<string, unknown>) => {
  const made = await t.call('POST', '/api/admin/promo-codes', { cookie: admin, body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as PromoCodeView;
};
let ip = 1;
/** A start with room left for the service, on the first open days of the week. */
async function freeSlot(serviceId: string): Promise<string> {
  for (const date of ['2026-06-02', '2026-06-05', '2026-06-06', '2026-06-08', '2026-06-09']) {
    const slots = (await t.call('GET', `/api/services/${serviceId}/available-slots?date=${date}`)).json() as Array<{ id: string; availableCapacity: number }>;
    const open = slots.find((s) => s.availableCapacity > 0);
    if (open) return open.id;
  }
  throw new Error('no free slot');
}
const checkout = (promoCode: string | undefined, options: { email?: string; service?: string; cookie?: string } = {}) =>
  serviceNamed(t, options.service ?? 'Express Exterior Wash').then(async (service) =>
    t.call('POST', '/api/bookings', {
      cookie: options.cookie,
      ip: `10.9.0.${ip++}`,
      headers: { 'idempotency-key': newKey() },
      body: {
        serviceId: service.id,
        serviceType: 'mobile',
        slotId: await freeSlot(service.id),
        address: HOME,
        ...(options.cookie ? {} : { guestEmail: options.email ?? `promo-${ip}@example.com`, guestName: 'Pat Promo', guestPhone: '4085550188' }),
        ...(promoCode !== undefined ? { promoCode } : {}),
      },
    }),
  );

describe('a promo code at checkout', () => {
  it('takes 20 % off the service as a discount line, taxed after the discount, and counts the use', async () => {
    const code = await promo({ code: 'TWENTY', kind: 'percent', percentOff: 20 });
    const plain = await checkout(undefined);
    const withCode = await checkout('twenty ');
    expect(withCode.statusCode, withCode.body).toBe(201);
    const before = toCents((plain.json() as { totalAmount: string }).totalAmount);
    const booking = withCode.json() as { id: string; totalAmount: string; tax: string; serviceFee: string };
    const lines = await t.handle.db.select().from(bookingLines).where(eq(bookingLines.bookingId, booking.id));
    const service = lines.find((l) => l.kind === 'service')!;
    const discount = lines.find((l) => l.kind === 'discount');
    expect(discount).toMatchObject({ label: 'Promo code TWENTY', amountCents: -Math.round(service.amountCents * 0.2) });
    const taxed = service.amountCents + discount!.amountCents;
    expect(toCents(booking.tax)).toBe(Math.round(taxed * 0.1));
    expect(toCents(booking.totalAmount)).toBe(taxed + toCents(booking.serviceFee) + Math.round(taxed * 0.1));
    expect(toCents(booking.totalAmount)).toBeLessThan(before);
    const listed = (await t.call('GET', '/api/admin/promo-codes?pageSize=100', { cookie: admin })).json() as { items: PromoCodeView[] };
    expect(listed.items.find((p) => p.id === code.id)?.usesCounted).toBe(1);
  });

  it('takes an amount off, never more than the service', async () => {
    await promo({ code: 'TENOFF', kind: 'amount', amountOffCents: 1000 });
    const made = await checkout('TENOFF');
    expect(made.statusCode, made.body).toBe(201);
    const [discount] = await t.handle.db.select().from(bookingLines).where(and(eq(bookingLines.bookingId, (made.json() as { id: string }).id), eq(bookingLines.kind, 'discount')));
    expect(discount?.amountCents).toBe(-1000);
  });

  it('refuses each case with a clear message, and books nothing', async () => {
    await promo({ code: 'OLDCODE', kind: 'amount', amountOffCents: 500, validTo: '2026-05-01T00:00:00Z' });
    const detail = await serviceNamed(t, 'Full Detail');
    await promo({ code: 'DETAILONLY', kind: 'amount', amountOffCents: 500, serviceIds: [detail.id] });
    await promo({ code: 'ONEUSE', kind: 'amount', amountOffCents: 500, maxUses: 1 });
    await promo({ code: 'ONCEEACH', kind: 'amount', amountOffCents: 500, oncePerCustomer: true });
    await promo({ code: 'SWITCHEDOFF', kind: 'amount', amountOffCents: 500, active: false });
    expect((await checkout('ONEUSE')).statusCode).toBe(201);
    expect((await checkout('ONCEEACH', { email: 'Once@Example.com' })).statusCode).toBe(201);

    const cases: Array<[string, Record<string, string>, number, string, string]> = [
      ['NOSUCHCODE', {}, 422, 'PROMO_CODE_UNKNOWN', 'That promo code is not valid.'],
      ['SWITCHEDOFF', {}, 422, 'PROMO_CODE_UNKNOWN', 'That promo code is not valid.'],
      ['OLDCODE', {}, 422, 'PROMO_CODE_EXPIRED', 'That promo code has expired.'],
      ['DETAILONLY', {}, 422, 'PROMO_CODE_NOT_FOR_SERVICE', 'That promo code does not apply to this service.'],
      ['ONEUSE', {}, 409, 'PROMO_CODE_USED_UP', 'That promo code has been used up.'],
      ['ONCEEACH', { email: 'once@example.com' }, 409, 'PROMO_CODE_ALREADY_USED', 'You have already used that promo code.'],
    ];
    const before = (await t.handle.db.select({ id: bookings.id }).from(bookings)).length;
    for (const [code, options, status, errorCode, message] of cases) {
      const refused = await checkout(code, options);
      expect(refused.statusCode, `${code}: ${refused.body}`).toBe(status);
      expect(refused.json()).toMatchObject({ code: errorCode, message });
    }
    expect((await t.handle.db.select({ id: bookings.id }).from(bookings)).length).toBe(before);
    // Another customer may still use a once-per-customer code; the code that names Full Detail applies to it.
    expect((await checkout('ONCEEACH', { email: 'someone-else@example.com' })).statusCode).toBe(201);
    expect((await checkout('DETAILONLY', { service: 'Full Detail' })).statusCode).toBe(201);
  });

  it('frees the use of a hold that lapsed, so the customer may use the code again', async () => {
    const code = await promo({ code: 'COMEBACK', kind: 'amount', amountOffCents: 500, maxUses: 1, oncePerCustomer: true });
    const first = await checkout('COMEBACK', { email: 'lapse@example.com' });
    expect(first.statusCode, first.body).toBe(201);
    expect((await checkout('COMEBACK', { email: 'lapse@example.com' })).json()).toMatchObject({ code: 'PROMO_CODE_USED_UP' });
    await t.handle.db.update(bookings).set({ holdExpiresAt: new Date(t.clock.now - 1000) }).where(eq(bookings.id, (first.json() as { id: string }).id));
    expect((await checkout('COMEBACK', { email: 'lapse@example.com' })).statusCode).toBe(201);
    expect(await t.handle.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, code.id))).toHaveLength(2);
  });
});
