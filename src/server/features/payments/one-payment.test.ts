import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayments, bookings, bookingUpdates, emailOutbox, testPaymentIntents } from '../../db/schema';
import { isTestProvider } from '../../integrations/payments';
import { createTestApp, type TestApp } from '../../test/harness';
import { refundedCents, saveCard } from '../../test/account-fixtures';
import { bookAsGuest, HOME, MONDAY_9AM_PACIFIC, newKey, payWithTestCard, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { toCents } from '../../../shared/money';
import { settlePayment } from './payments.service';

/**
 * A booking keeps at most one payment (docs/decisions/029): one open intent, reused; a saved card cancels
 * the open card form first; any other payment that succeeds is refunded at once, recorded and reported;
 * every refund path refunds every payment the booking kept.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

const TIMES = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];
let slot = 0;

/** A signed-in customer's held booking (Express Exterior Wash, a free slot each time). */
async function customerHold(cookie: string) {
  const express = await serviceNamed(t, 'Express Exterior Wash');
  const response = await t.call('POST', '/api/bookings', {
    cookie,
    headers: { 'idempotency-key': newKey() },
    body: { serviceId: express.id, serviceType: 'mobile', slotId: `${TUESDAY}T${TIMES[slot++ % TIMES.length]}`, address: HOME },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; totalAmount: string };
}

async function guestHold(email: string) {
  const express = await serviceNamed(t, 'Express Exterior Wash');
  const response = await bookAsGuest(t, { serviceId: express.id, slotId: `${TUESDAY}T${TIMES[slot++ % TIMES.length]}`, guestEmail: email });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; trackingToken: string; totalAmount: string };
}

const confirmCard = (intent: { paymentIntentId: string; clientSecret: string }) =>
  t.call('POST', '/api/payments/test/confirm-card', {
    body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', saveCard: false },
  });

/** The charges at the test provider that were not given back. */
async function keptCharges(bookingId: string) {
  const rows = await t.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId));
  return rows.filter((row) => row.status === 'succeeded' && row.refundedCents < row.amountCents);
}

const updatesOf = (bookingId: string, kind: 'duplicate_payment_refunded' | 'cancelled') =>
  t.ctx.db.select().from(bookingUpdates).where(and(eq(bookingUpdates.bookingId, bookingId), eq(bookingUpdates.kind, kind)));

describe('one live payment intent per booking', () => {
  it('answers a second create-intent with the same open intent, for the same amount', async () => {
    const booking = await guestHold('twice@example.com');
    const ask = () => t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } });
    const first = (await ask()).json();
    const second = (await ask()).json();
    expect(second).toMatchObject({ paymentIntentId: first.paymentIntentId, clientSecret: first.clientSecret, amount: first.amount });
    const intents = await t.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, booking.id));
    expect(intents).toHaveLength(1);
  });

  it('cancels the open card form before charging a saved card, so confirming the old form later charges nothing', async () => {
    const { user, cookie } = await t.createUser();
    const card = await saveCard(t, user.id, { isDefault: true });
    const booking = await customerHold(cookie);
    const form = (await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId: booking.id } })).json();

    const saved = await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId: booking.id, paymentMethodId: card.id } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'succeeded' });
    expect(saved.json().paymentIntentId).not.toBe(form.paymentIntentId);

    const late = await confirmCard(form);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED' });
    expect(await keptCharges(booking.id)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentIntentId: saved.json().paymentIntentId });

    // A second click on the saved card finds the booking paid: no second charge.
    const again = await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId: booking.id, paymentMethodId: card.id } });
    expect(again.json()).toMatchObject({ code: 'ALREADY_PAID' });
    expect(await keptCharges(booking.id)).toHaveLength(1);
  });
});

describe('a payment that succeeds for a booking already paid', () => {
  it('is refunded at once, recorded in the history and e-mailed to the admin, once however often it is reported', async () => {
    const booking = await guestHold('late-form@example.com');
    // An older intent of the same booking (a race between two tabs, or a form from before the open-intent rule).
    const provider = t.ctx.payments;
    if (!isTestProvider(provider)) throw new Error('the test provider is expected');
    const cents = toCents(booking.totalAmount);
    const older = await provider.createIntent({ bookingId: booking.id, amountCents: cents, currency: 'usd', idempotencyKey: newKey() });
    const { intent } = await payWithTestCard(t, booking);

    const late = await confirmCard({ paymentIntentId: older.id, clientSecret: older.clientSecret });
    expect(late.statusCode, late.body).toBe(200);
    expect(await refundedCents(t, older.id)).toBe(cents);
    expect(await refundedCents(t, intent.paymentIntentId)).toBe(0);
    expect(await keptCharges(booking.id)).toHaveLength(1);

    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentIntentId: intent.paymentIntentId });
    // In the ledger: the second charge and its refund, a row of its own that points at it (decision 049).
    const [ledger] = await t.ctx.db.select().from(bookingPayments).where(eq(bookingPayments.intentId, older.id));
    expect(ledger).toMatchObject({ bookingId: booking.id, status: 'succeeded' });
    const refunds = await t.ctx.db.select().from(bookingPayments).where(eq(bookingPayments.refundOf, ledger!.id));
    expect(refunds).toMatchObject([{ kind: 'refund', amountCents: cents, status: 'succeeded' }]);

    // The browser's confirm and a replayed provider event report it again: nothing more happens.
    const confirm = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: older.id, bookingId: booking.id } });
    expect(confirm.json()).toEqual({ bookingId: booking.id, status: 'confirmed', paymentStatus: 'paid' });
    expect(await settlePayment(t.ctx, await provider.retrieveIntent(older.id))).toBe('already_settled');
    expect(await refundedCents(t, older.id)).toBe(cents);

    const history = await updatesOf(booking.id, 'duplicate_payment_refunded');
    expect(history).toHaveLength(1);
    expect(history[0]!.params).toMatchObject({ amountCents: cents });
    const reports = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, t.ctx.config.adminEmail));
    const report = reports.filter((mail) => mail.text.includes(older.id));
    expect(report).toHaveLength(1);
    expect(report[0]!.subject).toMatch(/second payment for booking .* was refunded/);
    expect(report[0]!.text).toContain(`$${booking.totalAmount}`);
  });
});

describe('every refund path refunds every payment the booking kept', () => {
  /** A paid booking that also holds a second recorded payment not yet given back. */
  async function paidTwice(cookie: string) {
    const booking = await customerHold(cookie);
    const { intent } = await payWithTestCard(t, booking, { cookie });
    const provider = t.ctx.payments;
    if (!isTestProvider(provider)) throw new Error('the test provider is expected');
    const cents = toCents(booking.totalAmount);
    const second = await provider.createIntent({ bookingId: booking.id, amountCents: cents, currency: 'usd', idempotencyKey: newKey() });
    await t.ctx.db.update(testPaymentIntents).set({ status: 'succeeded' }).where(eq(testPaymentIntents.id, second.id));
    await t.ctx.db.insert(bookingPayments).values({ bookingId: booking.id, provider: 'test', intentId: second.id, amountCents: cents, status: 'succeeded' });
    return { booking, cents, first: intent.paymentIntentId as string, second: second.id };
  }

  it('the customer cancelling', async () => {
    const { cookie } = await t.createUser();
    const { booking, cents, first, second } = await paidTwice(cookie);
    const cancel = await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect([await refundedCents(t, first), await refundedCents(t, second)]).toEqual([cents, cents]);
  });

  it('the admin cancelling from the Cancel button and from the status menu', async () => {
    const admin = await t.login('admin@glint.local');
    const { cookie } = await t.createUser();
    const button = await paidTwice(cookie);
    expect((await t.call('POST', `/api/admin/bookings/${button.booking.id}/cancel`, { cookie: admin, body: { message: null } })).statusCode).toBe(200);
    expect([await refundedCents(t, button.first), await refundedCents(t, button.second)]).toEqual([button.cents, button.cents]);

    const menu = await paidTwice(cookie);
    expect((await t.call('PATCH', `/api/bookings/${menu.booking.id}/status`, { cookie: admin, body: { status: 'cancelled' } })).statusCode).toBe(200);
    expect([await refundedCents(t, menu.first), await refundedCents(t, menu.second)]).toEqual([menu.cents, menu.cents]);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, menu.booking.id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });
});
