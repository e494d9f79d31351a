import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePurchases } from '../../db/schema';
import { createStripeTestApp, STANDIN_WEBHOOK_SECRET, type StripeStandIn } from '../../test/stripe-stand-in';
import type { TestApp } from '../../test/harness';
import { MONDAY_9AM_PACIFIC } from '../../test/checkout-fixtures';
import { createPackage } from '../../test/package-fixtures';

const WEBHOOK_SECRET = STANDIN_WEBHOOK_SECRET;
const stripe = new Stripe('sk_test_signing_only');

let t: TestApp;
let standIn: StripeStandIn;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, standIn, close } = await createStripeTestApp(MONDAY_9AM_PACIFIC));
});
afterAll(() => close());

function postEvent(object: unknown) {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type: 'payment_intent.succeeded', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

describe('package purchases through Stripe', () => {
  it('records the purchase once whether the webhook or the browser confirm comes first, and both at once', async () => {
    const admin = (await t.createUser({ role: 'admin' })).cookie;
    const pkg = await createPackage(t, admin);
    const { cookie } = await t.createUser();
    const start = await t.call('POST', '/api/packages/purchase', { cookie, body: { packageId: pkg.id } });
    expect(start.json()).toMatchObject({ provider: 'stripe', amount: '160.00' });
    const created = standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(created.form).toMatchObject({ amount: '16000', 'metadata[purpose]': 'package', 'metadata[packageId]': pkg.id });

    const early = await t.call('POST', '/api/packages/confirm-purchase', { cookie, body: { paymentIntentId: start.json().paymentIntentId } });
    expect(early.statusCode).toBe(409);
    const paid = standIn.succeed(start.json().paymentIntentId);
    const [webhook, confirm] = await Promise.all([postEvent(paid), t.call('POST', '/api/packages/confirm-purchase', { cookie, body: { paymentIntentId: paid.id } })]);
    expect(webhook.statusCode).toBe(200);
    expect(confirm.statusCode).toBe(200);
    expect((await postEvent(paid)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.paymentIntentId, paid.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentStatus: 'paid', servicesRemaining: 5, purchasePrice: '160.00' });
  });
});
