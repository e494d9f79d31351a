import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from '../../integrations/payments';
import { saveCard } from '../../test/account-fixtures';
import { latestMailTo, type TestApp } from '../../test/harness';
import { MONDAY_9AM_PACIFIC, serviceNamed } from '../../test/checkout-fixtures';
import { createStripeTestApp, STANDIN_WEBHOOK_SECRET, type StripeStandIn } from '../../test/stripe-stand-in';

/**
 * Memberships on Stripe Billing (decision 065): the adapter's requests for a plan's price and a subscription,
 * and the months driven by signed webhooks — a paid invoice grants once (a replay grants nothing), a failed one
 * is dunning (past due, one reminder, credits withheld), a deleted subscription ends the membership.
 */
const signer = new Stripe('sk_test_signing_only');
const DAY = 24 * 3600 * 1000;

let t: TestApp;
let standIn: StripeStandIn;
let close: () => Promise<void>;
let stripe: StripePaymentProvider;
let planId: string;
beforeAll(async () => {
  ({ t, standIn, close } = await createStripeTestApp(MONDAY_9AM_PACIFIC));
  standIn.now = () => t.ctx.now().getTime();
  stripe = new StripePaymentProvider({ secretKey: 'sk_test_standin', apiBase: standIn.url });
  const admin = (await t.createUser({ role: 'admin' })).cookie;
  const serviceId = (await serviceNamed(t, 'Express Exterior Wash')).id;
  const plan = await t.call('POST', '/api/admin/membership-plans', { cookie: admin, body: { name: 'Monthly Wash Club', pricePerMonth: '39.00', grants: [{ serviceId, count: 2 }] } });
  expect(plan.statusCode, plan.body).toBe(201);
  planId = plan.json().id;
});
afterAll(() => close());

const posts = (path: string | RegExp) => standIn.requests.filter((r) => r.method === 'POST' && (typeof path === 'string' ? r.path === path : path.test(r.path)));

function signed(type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object } });
  return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: STANDIN_WEBHOOK_SECRET }) };
}

const deliver = (event: { payload: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: event.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature } });

/** An invoice event of a subscription's month, shaped as Stripe sends it (parent.subscription_details, the line's period). */
function invoice(subscriptionId: string, start: Date, opts: { id?: string; metadata?: Record<string, string> } = {}) {
  const period = { start: Math.floor(start.getTime() / 1000), end: Math.floor((start.getTime() + 30 * DAY) / 1000) };
  return {
    id: opts.id ?? `in_${Math.random().toString(36).slice(2)}`,
    object: 'invoice',
    customer: 'cus_x',
    amount_paid: 3900,
    amount_due: 3900,
    currency: 'usd',
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: opts.metadata ?? {} } },
    lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period }] },
  };
}

async function mine(cookie: string) {
  const response = await t.call('GET', '/api/user/memberships', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<{ id: string; status: string; creditsLeft: number; cancelAtPeriodEnd: boolean; unpaidPeriodId: string | null; currentPeriodStart: string; currentPeriodEnd: string }>;
}

/** Subscribes through the card form: Stripe's first invoice is confirmed (here by the stand-in), then the app asks Stripe. */
async function subscribed() {
  const { cookie, user } = await t.createUser({ role: 'customer' });
  const start = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId } });
  expect(start.statusCode, start.body).toBe(200);
  const { paymentIntentId, clientSecret, membershipId } = start.json();
  expect(membershipId).toBeNull();
  expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
  standIn.succeed(paymentIntentId);
  const confirmed = await t.call('POST', '/api/memberships/confirm', { cookie, body: { paymentIntentId } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const subscriptionId = [...standIn.subscriptions.values()].find((s) => s.metadata.userId === user.id)!.id;
  return { cookie, user, id: confirmed.json().id as string, subscriptionId };
}

describe("the Stripe adapter's requests for memberships", () => {
  const plan = { planId: '11111111-1111-4111-8111-111111111111', name: 'Gold', priceCents: 4_900, knownPriceId: null };

  it("makes the plan's Product and monthly Price once, found again by its lookup key, and subscribes with default_incomplete under the key", async () => {
    const first = await stripe.createSubscription({ customerRef: 'cus_1', plan, idempotencyKey: 'membership-start-u1-p1-0-form', metadata: { purpose: 'membership', planId: plan.planId, userId: 'u1' } });
    const second = await stripe.createSubscription({ customerRef: 'cus_2', plan, paymentMethodId: 'pm_saved', idempotencyKey: 'membership-start-u2-p1-0-card', metadata: { purpose: 'membership', planId: plan.planId, userId: 'u2' } });
    expect(first.priceId).toBe(second.priceId);
    const [price, ...more] = posts('/v1/prices');
    expect(more).toHaveLength(0);
    expect(price!.form).toMatchObject({ currency: 'usd', unit_amount: '4900', 'recurring[interval]': 'month', lookup_key: `glint-membership-${plan.planId}-4900`, 'metadata[planId]': plan.planId });
    expect(price!.idempotencyKey).toBe(`membership-price-glint-membership-${plan.planId}-4900`);
    expect(posts('/v1/products')[0]!.idempotencyKey).toBe(`membership-product-${plan.planId}`);

    const [create, withCard] = posts('/v1/subscriptions');
    expect(create!.idempotencyKey).toBe('membership-start-u1-p1-0-form');
    expect(create!.form).toMatchObject({
      customer: 'cus_1',
      'items[0][price]': first.priceId!,
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[purpose]': 'membership',
      'metadata[userId]': 'u1',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
    expect(create!.form.default_payment_method).toBeUndefined();
    expect(withCard!.form.default_payment_method).toBe('pm_saved');
    // A saved card pays the first invoice at once, on the server, under its own key.
    const [confirm] = posts(`/v1/payment_intents/${second.payment!.id}/confirm`);
    expect(confirm).toMatchObject({ idempotencyKey: 'membership-start-u2-p1-0-card-confirm', form: expect.objectContaining({ payment_method: 'pm_saved' }) });
    expect(second.payment!.status).toBe('succeeded');
    // The first invoice's intent goes to the browser, and carries the membership's metadata for its confirmation.
    expect(first.status).toBe('incomplete');
    expect(first.payment!.clientSecret).toMatch(new RegExp(`^${first.payment!.id}_secret_`));
    expect(standIn.intents.get(first.payment!.id)!.metadata).toMatchObject({ purpose: 'membership', userId: 'u1', subscriptionId: first.id });
    expect(posts(`/v1/payment_intents/${first.payment!.id}`)[0]!.idempotencyKey).toBe('membership-start-u1-p1-0-form-intent');
  });

  it('pauses with pause_collection void, resumes (a new month now after the paid one) and cancels at period end or now, each under its key', async () => {
    const sub = await stripe.createSubscription({ customerRef: 'cus_3', plan, idempotencyKey: 'membership-start-u3', metadata: {} });
    const paused = await stripe.pauseSubscription(sub.id!, 'membership-pause-m3-1');
    expect(paused.status).toBe('paused');
    expect(posts(`/v1/subscriptions/${sub.id}`).at(-1)).toMatchObject({ idempotencyKey: 'membership-pause-m3-1', form: expect.objectContaining({ 'pause_collection[behavior]': 'void' }) });
    await stripe.resumeSubscription(sub.id!, { restartNow: false, idempotencyKey: 'membership-resume-m3-2' });
    const plain = posts(`/v1/subscriptions/${sub.id}`).at(-1)!;
    expect(plain.form).toMatchObject({ pause_collection: '' });
    expect(plain.form['billing_cycle_anchor[type]']).toBeUndefined();
    await stripe.resumeSubscription(sub.id!, { restartNow: true, idempotencyKey: 'membership-resume-m3-3' });
    expect(posts(`/v1/subscriptions/${sub.id}`).at(-1)!.form).toMatchObject({ pause_collection: '', 'billing_cycle_anchor[type]': 'now', proration_behavior: 'none', payment_behavior: 'default_incomplete' });
    const atEnd = await stripe.cancelSubscription(sub.id!, { atPeriodEnd: true, idempotencyKey: 'membership-cancel-m3-4' });
    expect(atEnd.cancelAtPeriodEnd).toBe(true);
    expect(posts(`/v1/subscriptions/${sub.id}`).at(-1)).toMatchObject({ idempotencyKey: 'membership-cancel-m3-4', form: expect.objectContaining({ cancel_at_period_end: 'true' }) });
    const now = await stripe.cancelSubscription(sub.id!, { atPeriodEnd: false, idempotencyKey: 'membership-cancel-m3-5' });
    expect(now.status).toBe('canceled');
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${sub.id}`, idempotencyKey: 'membership-cancel-m3-5' });
  });
});

describe('memberships on Stripe Billing, driven by webhooks', () => {
  it('subscribes with a saved card at once: the first invoice is paid on the server and the membership starts', async () => {
    const { cookie, user } = await t.createUser({ role: 'customer' });
    const card = await saveCard(t, user.id, { provider: 'stripe' });
    const response = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId, paymentMethodId: card.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ clientSecret: null, membershipId: expect.any(String) });
    expect(await mine(cookie)).toEqual([expect.objectContaining({ status: 'active', creditsLeft: 2 })]);
  });

  it("subscribes as a Stripe subscription: confirmed, the membership is active on Stripe's period with the month's credits", async () => {
    const { cookie, subscriptionId, id } = await subscribed();
    const [membership] = await mine(cookie);
    expect(membership).toMatchObject({ id, status: 'active', creditsLeft: 2 });
    const item = standIn.subscriptions.get(subscriptionId)!.items.data[0]!;
    expect(membership!.currentPeriodStart).toBe(new Date(item.current_period_start * 1000).toISOString());
  });

  it("grants a renewal's credits once for invoice.paid, however often the event (or another event of the same invoice) arrives", async () => {
    const { cookie, subscriptionId } = await subscribed();
    const [before] = await mine(cookie);
    const next = new Date(before!.currentPeriodEnd);
    const paid = invoice(subscriptionId, next);
    const event = signed('invoice.paid', paid);
    expect((await deliver(event)).json()).toEqual({ received: true });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(signed('invoice.paid', paid))).statusCode).toBe(200);
    const [after] = await mine(cookie);
    expect(after).toMatchObject({ status: 'active', creditsLeft: 4, currentPeriodStart: next.toISOString() });
  });

  it('a failed renewal is dunning: past due, one reminder, credits withheld until its invoice is paid', async () => {
    const { cookie, user, subscriptionId } = await subscribed();
    const [before] = await mine(cookie);
    const month = invoice(subscriptionId, new Date(before!.currentPeriodEnd));
    await deliver(signed('invoice.payment_failed', month));
    await deliver(signed('invoice.payment_failed', month));
    const [owing] = await mine(cookie);
    expect(owing).toMatchObject({ status: 'past_due', creditsLeft: 2 });
    expect(owing!.unpaidPeriodId).not.toBeNull();
    const outbox = (await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string }>;
    expect(outbox.filter((m) => m.to === user.email && m.subject === 'Your Monthly Wash Club membership payment did not go through')).toHaveLength(1);
    expect((await latestMailTo(t, user.email))!.links.some((link) => link.endsWith('/account#membership'))).toBe(true);
    await deliver(signed('invoice.paid', month));
    expect((await mine(cookie))[0]).toMatchObject({ status: 'active', creditsLeft: 4, unpaidPeriodId: null });
  });

  it("pays a failed month on Stripe's own invoice with a saved card, never as a second charge beside it", async () => {
    const { cookie, user, id, subscriptionId } = await subscribed();
    const [before] = await mine(cookie);
    const month = invoice(subscriptionId, new Date(before!.currentPeriodEnd), { id: `in_failed_${Math.random().toString(36).slice(2)}` });
    await deliver(signed('invoice.payment_failed', month));
    const intentsBefore = posts('/v1/payment_intents').length;
    const formPay = await t.call('POST', `/api/user/memberships/${id}/pay`, { cookie, body: {} });
    expect(formPay.statusCode).toBe(409);
    expect(formPay.json().code).toBe('MEMBERSHIP_PAY_WITH_SAVED_CARD');
    const declined = await saveCard(t, user.id, { provider: 'stripe', providerMethodId: 'pm_card_chargeDeclined' });
    const refused = await t.call('POST', `/api/user/memberships/${id}/pay`, { cookie, body: { paymentMethodId: declined.id, attemptKey: 'attempt-one' } });
    expect(refused.statusCode, refused.body).toBe(402);
    expect((await mine(cookie))[0]).toMatchObject({ status: 'past_due', creditsLeft: 2 });
    const card = await saveCard(t, user.id, { provider: 'stripe' });
    const paid = await t.call('POST', `/api/user/memberships/${id}/pay`, { cookie, body: { paymentMethodId: card.id, attemptKey: 'attempt-two' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(posts(`/v1/invoices/${month.id}/pay`).map((r) => r.form.payment_method)).toEqual(['pm_card_chargeDeclined', card.providerMethodId]);
    expect(posts('/v1/payment_intents').length).toBe(intentsBefore);
    expect((await mine(cookie))[0]).toMatchObject({ status: 'active', creditsLeft: 4, unpaidPeriodId: null });
    // Stripe's invoice.paid for the same invoice follows: the month is granted once.
    await deliver(signed('invoice.paid', month));
    expect((await mine(cookie))[0]).toMatchObject({ creditsLeft: 4 });
  });

  it("starts the membership from invoice.paid when the webhook comes before the browser, once", async () => {
    const { cookie, user } = await t.createUser({ role: 'customer' });
    const start = (await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId } })).json();
    const sub = [...standIn.subscriptions.values()].find((s) => s.metadata.userId === user.id)!;
    standIn.succeed(start.paymentIntentId);
    const first = invoice(sub.id, new Date(sub.items.data[0]!.current_period_start * 1000), { metadata: sub.metadata });
    await deliver(signed('invoice.paid', first));
    const confirmed = await t.call('POST', '/api/memberships/confirm', { cookie, body: { paymentIntentId: start.paymentIntentId } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const memberships = await mine(cookie);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ status: 'active', creditsLeft: 2 });
  });

  it('pauses and cancels at Stripe, and customer.subscription.deleted ends the membership', async () => {
    const { cookie, id, subscriptionId } = await subscribed();
    const paused = await t.call('POST', `/api/user/memberships/${id}/pause`, { cookie });
    expect(paused.json()).toMatchObject({ status: 'paused' });
    expect(standIn.subscriptions.get(subscriptionId)!.pause_collection).toEqual({ behavior: 'void' });
    const resumed = await t.call('POST', `/api/user/memberships/${id}/resume`, { cookie });
    expect(resumed.json()).toMatchObject({ status: 'active' });
    const canceled = await t.call('POST', `/api/user/memberships/${id}/cancel`, { cookie });
    expect(canceled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await deliver(signed('customer.subscription.deleted', { ...standIn.subscriptions.get(subscriptionId)!, status: 'canceled' }));
    expect(await mine(cookie)).toHaveLength(0);
  });
});
