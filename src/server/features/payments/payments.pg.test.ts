import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, testPaymentIntents } from '../../db/schema';
import { createPostgresTestApp, type TestApp } from '../../test/harness';
import { saveCard } from '../../test/account-fixtures';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

/** Real PostgreSQL, a real connection pool: the payment requests for one booking truly run at the same time. */
let t: TestApp;
beforeAll(async () => {
  t = await createPostgresTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t?.close());

async function customerHold(cookie: string, time: string): Promise<string> {
  const express = await serviceNamed(t, 'Express Exterior Wash');
  const response = await t.call('POST', '/api/bookings', {
    cookie,
    headers: { 'idempotency-key': newKey() },
    body: { serviceId: express.id, serviceType: 'mobile', slotId: `${TUESDAY}T${time}`, address: HOME },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Succeeded charges at the test provider that were not given back: what the customer actually paid. */
async function keptCharges(bookingId: string) {
  const rows = await t.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.bookingId, bookingId));
  return rows.filter((row) => row.status === 'succeeded' && row.refundedCents < row.amountCents);
}

const cardForm = (intent: { paymentIntentId: string; clientSecret: string }) =>
  t.call('POST', '/api/payments/test/confirm-card', {
    body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', saveCard: false },
  });

describe('one booking, many payments at once', () => {
  it('keeps exactly one charge when card forms, browser confirms and saved-card payments race for one booking', async () => {
    const { user, cookie } = await t.createUser();
    const card = await saveCard(t, user.id, { isDefault: true });
    const bookingId = await customerHold(cookie, '11:00');
    const forms = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId } })));
    // Five simultaneous asks share one open intent.
    expect(new Set(forms.map((f) => f.json().paymentIntentId)).size).toBe(1);
    const form = forms[0]!.json();

    await Promise.all([
      ...Array.from({ length: 4 }, () => cardForm(form)),
      ...Array.from({ length: 4 }, () => t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: form.paymentIntentId, bookingId } })),
      ...Array.from({ length: 4 }, () => t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId, paymentMethodId: card.id } })),
    ]);

    expect(await keptCharges(bookingId)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentIntentId: (await keptCharges(bookingId))[0]!.id });
  });

  it('keeps exactly one charge when two intents of one booking both succeed and are settled at the same time', async () => {
    const { cookie } = await t.createUser();
    const bookingId = await customerHold(cookie, '13:00');
    const first = (await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId } })).json();
    // A second intent made behind the open-intent rule's back (what a race with the provider could leave).
    const second = await t.ctx.payments.createIntent({ bookingId, amountCents: Math.round(Number(first.amount) * 100), currency: 'usd', idempotencyKey: newKey() });
    await Promise.all([cardForm(first), cardForm({ paymentIntentId: second.id, clientSecret: second.clientSecret }), cardForm(first), cardForm({ paymentIntentId: second.id, clientSecret: second.clientSecret })]);

    const kept = await keptCharges(bookingId);
    expect(kept).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentIntentId: kept[0]!.id });
  });
});
