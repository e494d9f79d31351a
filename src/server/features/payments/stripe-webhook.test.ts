import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingUpdates } from '../../db/schema';
import { getPaymentProvider } from '../../integrations/payments';
import { createStripeTestApp, STANDIN_WEBHOOK_SECRET, type StripeStandIn } from '../../test/stripe-stand-in';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { bookAsGuest, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

const WEBHOOK_SECRET = STANDIN_WEBHOOK_SECRET;
const stripe = new Stripe('sk_test_signing_only');

let t: TestApp;
let standIn: StripeStandIn;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, standIn, close } = await createStripeTestApp(MONDAY_9AM_PACIFIC));
});
afterAll(() => close());

let slot = 0;
async function heldBooking(email = 'stripe-guest@example.com') {
  const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'];
  const express = await serviceNamed(t, 'Express Exterior Wash');
  const response = await bookAsGuest(t, { serviceId: express.id, slotId: `${TUESDAY}T${times[slot++ % times.length]}`, guestEmail: email });
  expect(response.statusCode).toBe(201);
  const booking = response.json();
  const intent = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } });
  expect(intent.statusCode).toBe(200);
  return { booking, intent: intent.json() };
}

function signedEvent(type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { id, payload, signature };
}

const postWebhook = (payload: string, signature?: string) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) } });

const updatesOf = async (bookingId: string) => t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, bookingId));

describe('Stripe adapter against a local stand-in', () => {
  it('creates the PaymentIntent for the server-computed amount with an idempotency key and the booking in metadata', async () => {
    const { booking, intent } = await heldBooking();
    expect(intent).toMatchObject({ provider: 'stripe', amount: '58.90', status: 'requires_payment_method' });
    expect(intent.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const created = standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(created.form).toMatchObject({ amount: '5890', currency: 'usd', 'metadata[bookingId]': booking.id, 'automatic_payment_methods[enabled]': 'true' });
    expect(created.idempotencyKey).toBe(`booking-${booking.id}-5890-full-new-1`);
    expect(created.authorization).toBe('Bearer sk_test_standin');
    // Asking again gives the booking's open intent: Stripe is not asked for another.
    const creates = () => standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').length;
    const before = creates();
    const again = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } });
    expect(again.json().paymentIntentId).toBe(intent.paymentIntentId);
    expect(creates()).toBe(before);
  });

  it('confirms through a signed webhook once, ignores the replay and refuses a forged one', async () => {
    const { booking, intent } = await heldBooking('webhook@example.com');
    const paid = standIn.succeed(intent.paymentIntentId, { brand: 'mastercard', last4: '4444', exp_month: 4, exp_year: 2031 });

    const forged = signedEvent('payment_intent.succeeded', paid);
    const tampered = forged.payload.replace('"payment_intent.succeeded"', '"payment_intent.succeeded" ');
    const bad = await postWebhook(tampered, forged.signature);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid Stripe signature');
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload: forged.payload, secret: 'whsec_someone_else' });
    expect((await postWebhook(forged.payload, wrongSecret)).statusCode).toBe(400);
    expect((await postWebhook(forged.payload)).json().message).toBe('Missing Stripe-Signature header');
    expect((await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('pending');

    const event = signedEvent('payment_intent.succeeded', paid);
    const first = await postWebhook(event.payload, event.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentProvider: 'stripe', paymentIntentId: paid.id, paymentMethodBrand: 'mastercard', paymentMethodLast4: '4444' });

    const replay = await postWebhook(event.payload, event.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // The browser's confirm-payment arriving after the webhook is a no-op too.
    const late = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: paid.id, bookingId: booking.id } });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await updatesOf(booking.id)).map((u) => u.status)).toEqual(['confirmed']);
    const mail = await latestMailTo(t, 'webhook@example.com');
    expect(mail?.subject).toMatch(/^Booking confirmed: Express Exterior Wash/);
    expect(mail?.links.some((l) => l.includes(`bookingId=${booking.id}&token=${booking.trackingToken}`))).toBe(true);
  });

  it('confirms through confirm-payment first; the later webhook changes nothing', async () => {
    const { booking, intent } = await heldBooking();
    const early = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: intent.paymentIntentId, bookingId: booking.id } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Payment has not been completed yet');
    const paid = standIn.succeed(intent.paymentIntentId);
    const confirmed = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: paid.id, bookingId: booking.id } });
    expect(confirmed.statusCode).toBe(200);
    const event = signedEvent('payment_intent.succeeded', paid);
    expect((await postWebhook(event.payload, event.signature)).json()).toEqual({ received: true });
    expect((await updatesOf(booking.id)).map((u) => u.status)).toEqual(['confirmed']);
  });

  it('refunds at once a late webhook for another intent of a booking already paid, and reports it once', async () => {
    const { booking, intent } = await heldBooking('twice-stripe@example.com');
    // A second intent for the same booking (another tab, a retry from before the open-intent rule).
    const other = await getPaymentProvider(t.ctx).createIntent({ bookingId: booking.id, amountCents: 5890, currency: 'usd', idempotencyKey: `other-${booking.id}` });
    standIn.succeed(intent.paymentIntentId);
    expect((await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: intent.paymentIntentId, bookingId: booking.id } })).statusCode).toBe(200);

    const late = signedEvent('payment_intent.succeeded', standIn.succeed(other.id));
    expect((await postWebhook(late.payload, late.signature)).json()).toEqual({ received: true });
    const again = signedEvent('payment_intent.succeeded', standIn.intents.get(other.id));
    expect((await postWebhook(again.payload, again.signature)).json()).toEqual({ received: true });

    expect(standIn.refunds.filter((r) => r.payment_intent === other.id)).toHaveLength(1);
    expect(standIn.refunds.filter((r) => r.payment_intent === intent.paymentIntentId)).toHaveLength(0);
    expect((await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]).toMatchObject({ paymentStatus: 'paid', paymentIntentId: intent.paymentIntentId });
    expect((await updatesOf(booking.id)).map((u) => u.kind)).toEqual(['payment_received', 'duplicate_payment_refunded']);
    expect((await latestMailTo(t, t.ctx.config.adminEmail))?.text).toContain(other.id);

    // Cancelling later refunds the payment the booking kept; the refunded one is not refunded again.
    const admin = await t.login('admin@glint.local');
    expect((await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: { message: null } })).statusCode).toBe(200);
    expect(standIn.refunds.filter((r) => r.payment_intent === intent.paymentIntentId)).toHaveLength(1);
    expect(standIn.refunds.filter((r) => r.payment_intent === other.id)).toHaveLength(1);
  });

  it('cancels the open card-form intent at Stripe before making one that saves the card, so the old form cannot charge', async () => {
    const { cookie } = await t.createUser();
    const express = await serviceNamed(t, 'Express Exterior Wash');
    const held = await t.call('POST', '/api/bookings', {
      cookie,
      headers: { 'idempotency-key': `replaced-${Date.now()}` },
      body: { serviceId: express.id, serviceType: 'mobile', slotId: `${TUESDAY}T15:00`, address: { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' } },
    });
    expect(held.statusCode, held.body).toBe(201);
    const bookingId = held.json().id;
    const form = (await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId } })).json();
    const saving = (await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId, saveCard: true } })).json();
    expect(saving.paymentIntentId).not.toBe(form.paymentIntentId);
    expect(standIn.intents.get(form.paymentIntentId)!.status).toBe('canceled');
    expect(standIn.intents.get(saving.paymentIntentId)!.setup_future_usage).toBe('off_session');
    // Asking once more answers the intent that saves the card; unticking the box again replaces it with one that does not.
    expect((await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId, saveCard: true } })).json().paymentIntentId).toBe(saving.paymentIntentId);
    const unticked = (await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId, saveCard: false } })).json();
    expect(unticked.paymentIntentId).not.toBe(saving.paymentIntentId);
    expect(standIn.intents.get(saving.paymentIntentId)!.status).toBe('canceled');
    expect(standIn.intents.get(unticked.paymentIntentId)!.setup_future_usage).toBeNull();
  });

  it('releases the hold at once on a decline, from the browser or the webhook', async () => {
    const one = await heldBooking();
    standIn.decline(one.intent.paymentIntentId);
    const declined = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: one.intent.paymentIntentId, bookingId: one.booking.id } });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    expect((await t.ctx.db.select().from(bookings).where(eq(bookings.id, one.booking.id)))[0]).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });

    const two = await heldBooking();
    const failed = standIn.decline(two.intent.paymentIntentId, 'Your card has insufficient funds.');
    const event = signedEvent('payment_intent.payment_failed', failed);
    expect((await postWebhook(event.payload, event.signature)).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(bookings).where(eq(bookings.id, two.booking.id)))[0]!.status).toBe('cancelled');
  });

  it('refuses a payment for another booking or amount', async () => {
    const a = await heldBooking();
    const b = await heldBooking();
    standIn.succeed(a.intent.paymentIntentId);
    const mixed = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: a.intent.paymentIntentId, bookingId: b.booking.id } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('This payment does not belong to this booking');
    standIn.intents.get(b.intent.paymentIntentId)!.amount = 100;
    standIn.succeed(b.intent.paymentIntentId);
    const cheap = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: b.intent.paymentIntentId, bookingId: b.booking.id } });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe('This payment does not match the booking');
    const unknown = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: 'pi_missing', bookingId: b.booking.id } });
    expect(unknown.statusCode).toBe(404);
  });

  it('saves a card for a signed-in customer through a Stripe customer, and charges a saved card', async () => {
    const { user, cookie } = await t.createUser();
    const interior = await serviceNamed(t, 'Interior Refresh');
    const book = async (time: string) =>
      (await t.call('POST', '/api/bookings', { cookie, body: { serviceId: interior.id, serviceType: 'mobile', slotId: `2026-06-05T${time}`, address: '425 Park Ave, San Jose, CA 95110' } })).json();
    const first = await book('09:00');
    const intent = (await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId: first.id, saveCard: true } })).json();
    const created = standIn.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(created.form).toMatchObject({ setup_future_usage: 'off_session', 'metadata[saveCard]': 'true' });
    expect(created.form.customer).toMatch(/^cus_/);
    const [account] = (await t.handle.executeSql('select stripe_customer_id from users where id = $1', [user.id])).rows;
    expect(account!.stripe_customer_id).toBe(created.form.customer);
    standIn.succeed(intent.paymentIntentId, { brand: 'amex', last4: '0005', exp_month: 9, exp_year: 2032 });
    expect((await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: intent.paymentIntentId, bookingId: first.id } })).statusCode).toBe(200);
    const saved = (await t.handle.executeSql('select * from payment_methods where user_id = $1', [user.id])).rows;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ provider: 'stripe', brand: 'amex', last4: '0005', expiry_month: 9, expiry_year: 2032, is_default: true });

    const second = await book('11:00');
    const charged = await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId: second.id, paymentMethodId: saved[0]!.id } });
    expect(charged.statusCode).toBe(200);
    expect(charged.json()).toMatchObject({ status: 'succeeded', savedCards: [{ id: saved[0]!.id, brand: 'amex', last4: '0005' }] });
    const confirmRequest = standIn.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(confirmRequest.form).toMatchObject({ payment_method: saved[0]!.provider_method_id, confirm: 'true', customer: created.form.customer });
    expect((await t.ctx.db.select().from(bookings).where(eq(bookings.id, second.id)))[0]).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('refunds through the provider interface other features use', async () => {
    const { intent } = await heldBooking();
    standIn.succeed(intent.paymentIntentId);
    const refundId = await getPaymentProvider(t.ctx).refund(intent.paymentIntentId, 500);
    expect(refundId).toMatch(/^re_/);
    expect(standIn.refunds.at(-1)).toMatchObject({ payment_intent: intent.paymentIntentId, amount: 500 });
  });

  it('has no test card endpoint when Stripe is configured', async () => {
    const response = await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId: 'pi_x', clientSecret: 'pi_x_secret_abcdef', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('webhook without Stripe', () => {
  it('answers 503 when Stripe webhooks are not configured', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Stripe webhooks are not configured');
    } finally {
      await plain.close();
    }
  }, 120_000); // builds a second app: migrations and seed on a busy machine
});
