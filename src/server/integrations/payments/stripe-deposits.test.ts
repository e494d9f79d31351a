import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { StripePaymentProvider } from './stripe-provider';

/**
 * The Stripe adapter's requests for deposits and balances (decision 057), as the Stripe stand-in receives
 * them: a deposit that keeps its card for off-session use, a balance charged off session to the saved card,
 * a SetupIntent, and an idempotency key on every call (a replay is one object at Stripe).
 */
let standIn: StripeStandIn;
let stripe: StripePaymentProvider;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = new StripePaymentProvider({ secretKey: 'sk_test_standin', apiBase: standIn.url });
});
afterAll(() => standIn.close());

const posts = (path: string) => standIn.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('the Stripe adapter for deposits and balances', () => {
  it('asks for a deposit intent with setup_future_usage off_session on the customer, under its idempotency key', async () => {
    const input = { bookingId: 'b-1', amountCents: 3_100, currency: 'usd' as const, idempotencyKey: 'booking-b-1-3100-deposit-new-1', customerRef: 'cus_deposit', keepForLater: true };
    const intent = await stripe.createIntent(input);
    const again = await stripe.createIntent(input);
    expect(again.id).toBe(intent.id);
    const calls = posts('/v1/payment_intents').filter((c) => c.idempotencyKey === input.idempotencyKey);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.form).toMatchObject({ amount: '3100', currency: 'usd', customer: 'cus_deposit', setup_future_usage: 'off_session', 'metadata[bookingId]': 'b-1' });
    expect(calls[0]!.form.off_session).toBeUndefined();
    expect(calls[0]!.form.confirm).toBeUndefined();
  });

  it('charges the balance off session: off_session and confirm true, the customer and the saved payment method, its own key', async () => {
    const input = {
      bookingId: 'b-1',
      amountCents: 12_400,
      currency: 'usd' as const,
      idempotencyKey: 'balance-b-1-12400',
      customerRef: 'cus_deposit',
      paymentMethodId: 'pm_saved_deposit',
      offSession: true,
      metadata: { charge: 'balance' },
    };
    const intent = await stripe.createIntent(input);
    expect(intent.status).toBe('succeeded');
    expect(intent.metadata?.charge).toBe('balance');
    const [call] = posts('/v1/payment_intents').filter((c) => c.idempotencyKey === 'balance-b-1-12400');
    expect(call!.form).toMatchObject({ amount: '12400', customer: 'cus_deposit', payment_method: 'pm_saved_deposit', off_session: 'true', confirm: 'true' });
    expect(call!.form.setup_future_usage).toBeUndefined();
  });

  it('sets a card up without a payment: a SetupIntent for off-session use on the customer, under its key', async () => {
    const setup = await stripe.createSetupIntent({ customerRef: 'cus_deposit', idempotencyKey: 'setup-user-1-1', metadata: { userId: 'user-1' } });
    expect(setup.id).toMatch(/^seti_/);
    const [call] = posts('/v1/setup_intents');
    expect(call!.idempotencyKey).toBe('setup-user-1-1');
    expect(call!.form).toMatchObject({ customer: 'cus_deposit', usage: 'off_session', 'metadata[userId]': 'user-1' });
  });

  it('sends an idempotency key on every money call, the refund of a deposit included', async () => {
    const deposit = await stripe.createIntent({ bookingId: 'b-2', amountCents: 2_000, currency: 'usd', idempotencyKey: 'booking-b-2-2000-deposit-new-1', customerRef: 'cus_2', keepForLater: true });
    standIn.succeed(deposit.id);
    await stripe.refund(deposit.id, 1_500, 'late-cancel-b-2');
    const [refund] = posts('/v1/refunds');
    expect(refund!.form).toMatchObject({ payment_intent: deposit.id, amount: '1500' });
    expect(refund!.idempotencyKey).toBe('refund-late-cancel-b-2');
    expect(standIn.requests.filter((r) => r.method === 'POST').every((r) => Boolean(r.idempotencyKey))).toBe(true);
  });
});
