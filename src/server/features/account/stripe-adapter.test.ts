import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import { pacificInstant } from '../../../shared/time';
import { bookings } from '../../db/schema';
import { getPaymentProvider } from '../../integrations/payments';
import { createStripeTestApp, type StripeStandIn } from '../../test/stripe-stand-in';
import type { TestApp } from '../../test/harness';
import { createBooking, saveCard } from '../../test/account-fixtures';

// The account calls with Stripe configured, against the booking engineer's local stand-in of the Stripe API.
let t: TestApp;
let standIn: StripeStandIn;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, standIn, close } = await createStripeTestApp(pacificInstant('2026-06-01', '09:00').getTime()));
});
afterAll(() => close());

describe('with the Stripe adapter', () => {
  it('refunds the whole payment when the customer cancels', async () => {
    const { user, cookie } = await t.createUser();
    const { booking } = await createBooking(t, { userId: user.id, dateKey: '2026-06-05', paymentProvider: 'stripe' });
    const intent = await getPaymentProvider(t.ctx).createIntent({ bookingId: booking.id, amountCents: toCents(booking.totalAmount), currency: 'usd', idempotencyKey: `test-${booking.id}` });
    standIn.succeed(intent.id);
    await t.handle.db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, booking.id));

    const response = await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refunded: true, booking: { status: 'cancelled', paymentStatus: 'refunded' } });
    expect(standIn.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });

  it('keeps the booking when Stripe refuses the refund', async () => {
    const { user, cookie } = await t.createUser();
    // An intent Stripe does not know: the refund call fails.
    const { booking } = await createBooking(t, { userId: user.id, dateKey: '2026-06-05', paymentProvider: 'stripe', paymentIntentId: 'pi_unknown_to_stripe' });
    const response = await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie });
    expect(response.statusCode).toBe(503);
    const [row] = await t.handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('detaches a deleted card from the Stripe customer', async () => {
    const { user, cookie } = await t.createUser();
    const card = await saveCard(t, user.id, { provider: 'stripe', isDefault: true });
    const response = await t.call('DELETE', `/api/payment-methods/${card.id}`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(standIn.requests.some((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${card.providerMethodId}/detach`)).toBe(true);
  });
});
