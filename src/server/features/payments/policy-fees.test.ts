import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_SETTINGS } from '../../../shared/schemas/business-settings';
import { toCents } from '../../../shared/money';
import { addDaysToKey, pacificDateKey, pacificInstant } from '../../../shared/time';
import { linkSecret, signLink } from '../../crypto/signed-links';
import { bookingPayments, bookings, services } from '../../db/schema';
import { createBooking, openDayAfter, paidTestIntent, refundedCents } from '../../test/account-fixtures';
import { bookAsGuest, newKey, payWithTestCard, serviceNamed } from '../../test/checkout-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';

/**
 * The cancellation policy's money (decision 057), over HTTP with the test provider: the public policy, a
 * customer's late cancellation that keeps the fee (shown first, confirmed), a free one that refunds all, and
 * the office's no-show with and without the fee — once, however often it is sent.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const rowsOf = async (bookingId: string) => (await t.ctx.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId))).filter((r) => r.status === 'succeeded');
const bookingRow = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const setPolicy = (policy: object) => t.call('PUT', '/api/admin/business-settings/cancellation', { cookie: admin, body: { ...DEFAULT_BUSINESS_SETTINGS.cancellation, ...policy } });

/** A card-paid booking of `userId`, `days` ahead (negative: in the past), whose customer agreed to the policy (or not). */
async function paidBooking(userId: string | null, days: number, consent = true) {
  return paidBookingOn(userId, days > 0 ? openDayAfter(t, days) : addDaysToKey(pacificDateKey(new Date(t.clock.now)), days), consent);
}

async function paidBookingOn(userId: string | null, dateKey: string, consent = true) {
  const { booking } = await createBooking(t, { userId, dateKey, paymentIntentId: 'pending' });
  const total = toCents(booking.totalAmount);
  const intentId = await paidTestIntent(t, total);
  await t.ctx.db.update(bookings).set({ paymentIntentId: intentId, policyConsentAt: consent ? new Date(t.clock.now) : null }).where(eq(bookings.id, booking.id));
  await t.ctx.db.update(bookingPayments).set({ intentId }).where(eq(bookingPayments.bookingId, booking.id));
  return { id: booking.id, total, intentId };
}

describe('the public cancellation policy', () => {
  it('answers the cancellation settings to anyone', async () => {
    const policy = await t.call('GET', '/api/policy');
    expect(policy.statusCode).toBe(200);
    expect(policy.json()).toEqual(DEFAULT_BUSINESS_SETTINGS.cancellation);
  });
});

describe('a customer cancelling', () => {
  it('inside the window is shown the fee, refused until they accept it, then refunded the rest with a fee row', async () => {
    expect((await setPolicy({ freeCancelHours: 24 * 14 })).statusCode).toBe(200);
    const { user, cookie } = await t.createUser();
    const paid = await paidBooking(user.id, 5);

    const preview = await t.call('GET', `/api/bookings/${paid.id}/cancel-preview`, { cookie });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ late: true, feeCents: 25_00, refundCents: paid.total - 25_00, freeCancelHours: 24 * 14 });

    // One click is not enough: the fee must be the one shown.
    const unconfirmed = await t.call('POST', `/api/bookings/${paid.id}/cancel`, { cookie });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'LATE_CANCEL_FEE_UNCONFIRMED', params: { feeCents: 25_00, refundCents: paid.total - 25_00 } });
    expect((await t.call('POST', `/api/bookings/${paid.id}/cancel`, { cookie, body: { acceptFeeCents: 10_00 } })).statusCode).toBe(409);
    expect((await bookingRow(paid.id)).status).toBe('confirmed');
    expect(await refundedCents(t, paid.intentId)).toBe(0);

    const cancelled = await t.call('POST', `/api/bookings/${paid.id}/cancel`, { cookie, body: { acceptFeeCents: 25_00 } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refunded: true, feeCents: 25_00, booking: { status: 'cancelled' } });
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total - 25_00);
    const mail = await latestMailTo(t, user.email);
    expect(mail?.text).toContain('late-cancellation fee of $25.00 was kept');
    expect(mail?.text).not.toContain('A full refund');
    const rows = await rowsOf(paid.id);
    expect(rows.filter((r) => r.kind === 'fee').map((r) => r.amountCents)).toEqual([25_00]);
    const ledger = (await t.call('GET', `/api/bookings/${paid.id}/payments`, { cookie: admin })).json();
    expect(ledger.summary).toMatchObject({ feesCents: 25_00, refundableCents: 25_00 });

    // The office gives the fee back later: it goes back through the card charge it was kept from.
    const refund = await t.call('POST', `/api/admin/bookings/${paid.id}/refunds`, { cookie: admin, headers: { 'idempotency-key': newKey() }, body: { amountCents: 25_00, reason: 'Goodwill' } });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total);
  });

  it('with the default 24-hour window, 10 hours ahead: cancels online, the fee shown and confirmed first; 2 hours ahead is the cutoff', async () => {
    expect((await setPolicy({ freeCancelHours: 24 })).statusCode).toBe(200);
    const { user, cookie } = await t.createUser();
    const before = t.clock.now;
    const day = openDayAfter(t, 3);
    const paid = await paidBookingOn(user.id, day);
    const other = await paidBookingOn(user.id, day);
    const start = pacificInstant(day, '10:00').getTime();

    t.clock.now = start - 10 * HOUR;
    const listed = (await t.call('GET', '/api/bookings', { cookie })).json().items.find((b: { id: string }) => b.id === paid.id);
    // Moving closed 24 hours before; cancelling is still open.
    expect(listed).toMatchObject({ selfServiceBlock: 'too_late', cancelBlock: null, cancelDeadline: new Date(start - 2 * HOUR).toISOString() });
    expect((await t.call('POST', `/api/bookings/${paid.id}/reschedule`, { cookie, body: { slotId: `${addDaysToKey(day, 1)}T10:00` } })).json()).toMatchObject({ code: 'SELF_SERVICE_CLOSED', params: { reason: 'too_late', hours: 24 } });
    expect((await t.call('GET', `/api/bookings/${paid.id}/cancel-preview`, { cookie })).json()).toMatchObject({ late: true, feeCents: 25_00 });
    expect((await t.call('POST', `/api/bookings/${paid.id}/cancel`, { cookie })).json()).toMatchObject({ code: 'LATE_CANCEL_FEE_UNCONFIRMED', params: { feeCents: 25_00 } });
    const cancelled = await t.call('POST', `/api/bookings/${paid.id}/cancel`, { cookie, body: { acceptFeeCents: 25_00 } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ feeCents: 25_00, booking: { status: 'cancelled' } });
    expect((await rowsOf(paid.id)).filter((r) => r.kind === 'fee').map((r) => r.amountCents)).toEqual([25_00]);

    // Exactly 2 hours before is still allowed; a millisecond later is for the phone.
    t.clock.now = start - 2 * HOUR + 1;
    const late = await t.call('POST', `/api/bookings/${other.id}/cancel`, { cookie, body: { acceptFeeCents: 25_00 } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'SELF_SERVICE_CLOSED', message: `Bookings can only be cancelled online up to 2 hours before the start. Please call us at ${t.config.business.phone}.`, params: { reason: 'too_late', hours: 2 } });
    t.clock.now = start - 2 * HOUR;
    expect((await t.call('POST', `/api/bookings/${other.id}/cancel`, { cookie, body: { acceptFeeCents: 25_00 } })).statusCode).toBe(200);
    // Back to the suite's clock: the office's session lives on it.
    t.clock.now = before;
  });

  it('outside the window gets everything back and keeps no fee', async () => {
    expect((await setPolicy({ freeCancelHours: 24 })).statusCode).toBe(200);
    const { user, cookie } = await t.createUser();
    const paid = await paidBooking(user.id, 5);
    expect((await t.call('GET', `/api/bookings/${paid.id}/cancel-preview`, { cookie })).json()).toMatchObject({ late: false, feeCents: 0, refundCents: paid.total });
    const cancelled = await t.call('POST', `/api/bookings/${paid.id}/cancel`, { cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refunded: true, feeCents: 0 });
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total);
    expect((await rowsOf(paid.id)).filter((r) => r.kind === 'fee')).toHaveLength(0);
  });

  it('by the Manage link inside the window: the same preview, confirmation and fee', async () => {
    expect((await setPolicy({ freeCancelHours: 24 * 14 })).statusCode).toBe(200);
    const paid = await paidBooking(null, 5);
    const token = signLink(await linkSecret(t.ctx.db), { bookingId: paid.id, purpose: 'manage', expiresAt: new Date(t.clock.now + 30 * 24 * HOUR) });
    expect((await t.call('GET', `/api/manage/${token}/cancel-preview`)).json()).toMatchObject({ late: true, feeCents: 25_00, refundCents: paid.total - 25_00 });
    expect((await t.call('POST', `/api/manage/${token}/cancel`)).json()).toMatchObject({ code: 'LATE_CANCEL_FEE_UNCONFIRMED' });
    const cancelled = await t.call('POST', `/api/manage/${token}/cancel`, { body: { acceptFeeCents: 25_00 } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ feeCents: 25_00, booking: { status: 'cancelled' } });
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total - 25_00);
  });

  it('without consent to the policy keeps no fee even inside the window', async () => {
    expect((await setPolicy({ freeCancelHours: 24 * 14 })).statusCode).toBe(200);
    const { user, cookie } = await t.createUser();
    const paid = await paidBooking(user.id, 5, false);
    expect((await t.call('GET', `/api/bookings/${paid.id}/cancel-preview`, { cookie })).json()).toMatchObject({ late: true, feeCents: 0, refundCents: paid.total });
    expect((await t.call('POST', `/api/bookings/${paid.id}/cancel`, { cookie })).statusCode).toBe(200);
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total);
  });
});

describe('the office marks a no-show', () => {
  const noShow = (id: string, body: object, key = newKey(), cookie = admin) => t.call('POST', `/api/admin/bookings/${id}/no-show`, { cookie, headers: { 'idempotency-key': key }, body });

  it('with the fee: keeps it from what was paid, refunds the rest, e-mails the customer, and a repeat moves no money', async () => {
    const { user } = await t.createUser({ email: `no-show-${Date.now()}@example.com` });
    const paid = await paidBooking(user.id, -1);
    const key = newKey();
    const marked = await noShow(paid.id, { chargeFee: true }, key);
    expect(marked.statusCode, marked.body).toBe(200);
    const fee = Math.round(paid.total / 2);
    expect(marked.json()).toMatchObject({ feeCents: fee, keptCents: fee, chargedCents: 0, uncollectedCents: 0, refundedCents: paid.total - fee, replayed: false });
    const row = await bookingRow(paid.id);
    expect(row.noShowAt).not.toBeNull();
    expect(row.status).toBe('cancelled');
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total - fee);
    expect((await rowsOf(paid.id)).filter((r) => r.kind === 'fee').map((r) => r.amountCents)).toEqual([fee]);
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toContain('Missed appointment');
    expect(mail?.text).toContain('no-show fee');

    // The same request again answers what it did; another key finds it already marked. Nothing moves twice.
    const again = await noShow(paid.id, { chargeFee: true }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(marked.json());
    const other = await noShow(paid.id, { chargeFee: true });
    expect(other.json()).toMatchObject({ replayed: true, feeCents: 0 });
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total - fee);
    expect((await rowsOf(paid.id)).filter((r) => r.kind === 'fee')).toHaveLength(1);
  });

  it('without the fee: everything paid goes back', async () => {
    const paid = await paidBooking(null, -1);
    const marked = await noShow(paid.id, { chargeFee: false });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ feeCents: 0, refundedCents: paid.total, replayed: false });
    expect((await bookingRow(paid.id)).noShowAt).not.toBeNull();
    expect(await refundedCents(t, paid.intentId)).toBe(paid.total);
  });

  it('charges the part of the fee the deposit does not cover to the card kept for later, once', async () => {
    const serviceId = (await serviceNamed(t, 'Full Detail')).id;
    await t.ctx.db.update(services).set({ deposit: { kind: 'percent', value: 20 } }).where(eq(services.id, serviceId));
    t.ctx.caches.serviceFacts.touch(null);
    t.ctx.caches.services.touch(null);
    const made = await bookAsGuest(t, { guestEmail: `deposit-no-show-${Date.now()}@example.com`, policyConsent: true, slotId: `${openDayAfter(t, 3)}T10:00` });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json() as { id: string; totalAmount: string; deposit: string; trackingToken: string };
    expect((await payWithTestCard(t, booking)).card.statusCode).toBe(200);
    const total = toCents(booking.totalAmount);
    const deposit = toCents(booking.deposit);
    t.clock.advance(5 * 24 * HOUR);
    admin = await t.login('admin@glint.local');

    const marked = await noShow(booking.id, { chargeFee: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const fee = Math.round(total / 2);
    expect(marked.json()).toMatchObject({ feeCents: fee, keptCents: deposit, chargedCents: fee - deposit, uncollectedCents: 0, refundedCents: 0 });
    const fees = (await rowsOf(booking.id)).filter((r) => r.kind === 'fee');
    expect(fees.map((r) => [r.method, r.amountCents]).sort()).toEqual([['card', deposit], ['saved_card', fee - deposit]].sort());
    expect((await noShow(booking.id, { chargeFee: true })).json()).toMatchObject({ replayed: true });
    expect((await rowsOf(booking.id)).filter((r) => r.kind === 'fee')).toHaveLength(2);
  });

  it('is refused before the start, without consent for a fee, without a key, and to anyone but the office', async () => {
    const future = await paidBooking(null, 3);
    expect((await noShow(future.id, { chargeFee: false })).json()).toMatchObject({ code: 'NO_SHOW_NOT_ALLOWED' });
    const noConsent = await paidBooking(null, -1, false);
    expect((await noShow(noConsent.id, { chargeFee: true })).json()).toMatchObject({ code: 'NO_POLICY_CONSENT' });
    expect((await bookingRow(noConsent.id)).noShowAt).toBeNull();
    expect((await t.call('POST', `/api/admin/bookings/${noConsent.id}/no-show`, { cookie: admin, body: { chargeFee: false } })).statusCode).toBe(400);
    const driver = await t.createUser({ role: 'driver' });
    const customer = await t.createUser();
    expect((await noShow(noConsent.id, { chargeFee: false }, newKey(), driver.cookie)).statusCode).toBe(403);
    expect((await noShow(noConsent.id, { chargeFee: false }, newKey(), customer.cookie)).statusCode).toBe(403);
    expect((await t.call('POST', `/api/admin/bookings/${noConsent.id}/no-show`, { headers: { 'idempotency-key': newKey() }, body: { chargeFee: false } })).statusCode).toBe(401);
    expect((await bookingRow(noConsent.id)).noShowAt).toBeNull();
  });
});
