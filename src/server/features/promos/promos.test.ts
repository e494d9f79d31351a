import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoCodeView } from '../../../shared/schemas/promos';
import { pacificInstant } from '../../../shared/time';
import { bookings, promoRedemptions } from '../../db/schema';
import { createBooking } from '../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/** The office's promo codes (issue 25): made, listed a page at a time with the uses that count, changed, removed. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: pacificInstant('2026-06-03', '10:00').getTime() });
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, cookie = admin) => t.call('POST', '/api/admin/promo-codes', { cookie, body });

describe('promo codes in the back office', () => {
  it('makes a code, unique without regard to case, and refuses an inconsistent one', async () => {
    const made = await create({ code: 'spring25', kind: 'percent', percentOff: 25, maxUses: 100, oncePerCustomer: true, validFrom: '2026-06-01T00:00:00-07:00', validTo: '2026-06-30T23:59:59-07:00' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ code: 'SPRING25', kind: 'percent', percentOff: 25, amountOffCents: null, serviceIds: [], maxUses: 100, oncePerCustomer: true, active: true, usesCounted: 0 });

    const again = await create({ code: 'Spring25', kind: 'amount', amountOffCents: 500 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_EXISTS', params: { field: 'code' } });
    expect((await create({ code: 'NOPCT', kind: 'percent' })).statusCode).toBe(400);
    expect((await create({ code: 'BIG', kind: 'percent', percentOff: 101 })).statusCode).toBe(400);
    expect((await create({ code: 'BACKWARDS', kind: 'amount', amountOffCents: 500, validFrom: '2026-06-10T00:00:00Z', validTo: '2026-06-01T00:00:00Z' })).statusCode).toBe(400);
    expect((await create({ code: 'has space', kind: 'amount', amountOffCents: 500 })).statusCode).toBe(400);
  });

  it('is the office’s alone', async () => {
    const customer = await t.createUser({});
    expect((await create({ code: 'MINE', kind: 'amount', amountOffCents: 500 }, customer.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/admin/promo-codes', { cookie: customer.cookie })).statusCode).toBe(403);
  });

  it('counts a use while its booking holds its time or is booked, not after a lapsed hold or a cancellation', async () => {
    const promo = (await create({ code: 'COUNTME', kind: 'amount', amountOffCents: 1000, maxUses: 5 })).json() as PromoCodeView;
    const use = async (values: Partial<typeof bookings.$inferInsert>) => {
      const { booking } = await createBooking(t, { dateKey: '2026-06-09', time: `${String(8 + Math.floor(Math.random() * 8)).padStart(2, '0')}:00` });
      await t.handle.db.update(bookings).set(values).where(eq(bookings.id, booking.id));
      await t.handle.db.insert(promoRedemptions).values({ promoCodeId: promo.id, bookingId: booking.id, customerKey: `c-${booking.id}`, discountCents: 1000 });
    };
    await use({ status: 'confirmed' });
    await use({ status: 'pending', holdExpiresAt: new Date(t.clock.now + 10 * 60_000) });
    await use({ status: 'pending', holdExpiresAt: new Date(t.clock.now - 60_000) });
    await use({ status: 'cancelled' });
    const page = (await t.call('GET', '/api/admin/promo-codes?page=1&pageSize=50', { cookie: admin })).json() as { items: PromoCodeView[]; total: number };
    expect(page.items.find((p) => p.id === promo.id)?.usesCounted).toBe(2);

    // A used code is kept for its bookings: switched off, not deleted.
    const removed = await t.call('DELETE', `/api/admin/promo-codes/${promo.id}`, { cookie: admin });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'PROMO_CODE_IN_USE' });
    const off = await t.call('PATCH', `/api/admin/promo-codes/${promo.id}`, { cookie: admin, body: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, usesCounted: 2 });
  });

  it('pages the list, changes a code and removes one never used', async () => {
    for (const code of ['PAGE1', 'PAGE2', 'PAGE3']) expect((await create({ code, kind: 'amount', amountOffCents: 300 })).statusCode).toBe(201);
    const first = (await t.call('GET', '/api/admin/promo-codes?page=1&pageSize=2', { cookie: admin })).json() as { items: PromoCodeView[]; total: number };
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const page3 = first.items.find((p) => p.code === 'PAGE3')!;
    const changed = await t.call('PATCH', `/api/admin/promo-codes/${page3.id}`, { cookie: admin, body: { kind: 'percent', percentOff: 10 } });
    expect(changed.json()).toMatchObject({ kind: 'percent', percentOff: 10, amountOffCents: null });
    const clash = await t.call('PATCH', `/api/admin/promo-codes/${page3.id}`, { cookie: admin, body: { code: 'page2' } });
    expect(clash.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    expect((await t.call('DELETE', `/api/admin/promo-codes/${page3.id}`, { cookie: admin })).statusCode).toBe(204);
    expect((await t.call('PATCH', `/api/admin/promo-codes/${page3.id}`, { cookie: admin, body: { active: false } })).statusCode).toBe(404);
  });
});
