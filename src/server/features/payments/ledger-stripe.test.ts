import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import { pacificInstant } from '../../../shared/time';
import { bookings } from '../../db/schema';
import { getPaymentProvider } from '../../integrations/payments';
import { createBooking } from '../../test/account-fixtures';
import { newKey } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';

/** Partial refunds through the Stripe adapter (decision 049): the request Stripe gets, once per refund. */
let t: TestApp;
let standIn: StripeStandIn;
let admin: string;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    now: pacificInstant('2026-06-01', '09:00').getTime(),
    env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: 'whsec_standin', STRIPE_API_BASE: standIn.url },
  });
  admin = await t.login('admin@glint.local');
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('a partial refund with Stripe', () => {
  it('asks refunds.create for the amount of the payment intent, with one idempotency key per refund, and never twice for a replay', async () => {
    const { booking } = await createBooking(t, { dateKey: '2026-06-05', paymentProvider: 'stripe' });
    const intent = await getPaymentProvider(t.ctx).createIntent({ bookingId: booking.id, amountCents: toCents(booking.totalAmount), currency: 'usd', idempotencyKey: `test-${booking.id}` });
    standIn.succeed(intent.id);
    await t.handle.db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, booking.id));
    // The fixture's charge learns its intent when the booking is first refunded (a booking paid before the ledger).
    const refund = (key: string) =>
      t.call('POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie: admin, headers: { 'idempotency-key': key }, body: { amountCents: 500, reason: 'Scratch on the mirror' } });

    const key = newKey();
    const first = await refund(key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await refund(newKey());
    expect(second.statusCode, second.body).toBe(201);
    expect((await refund(key)).statusCode).toBe(200);

    const calls = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(calls.map((c) => c.form)).toEqual([
      { payment_intent: intent.id, amount: '500' },
      { payment_intent: intent.id, amount: '500' },
    ]);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(2);
    expect(standIn.refunds.filter((r) => r.payment_intent === intent.id).map((r) => r.amount)).toEqual([500, 500]);
  });
});
