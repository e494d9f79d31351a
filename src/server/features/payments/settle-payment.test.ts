import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingUpdates, emailOutbox } from '../../db/schema';
import { isTestProvider } from '../../integrations/payments';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard, TUESDAY } from '../../test/checkout-fixtures';
import { settlePayment } from './payments.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

describe('settlePayment, the one sink of payment outcomes', () => {
  it('confirms, records and e-mails once when the card form, the browser confirm and a replayed provider event all report the payment', async () => {
    const email = 'once@example.com';
    const booking = (await bookAsGuest(t, { slotId: `${TUESDAY}T11:00`, guestEmail: email })).json();
    const { intent, card } = await payWithTestCard(t, booking);
    expect(card.statusCode).toBe(200);
    const confirm = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: intent.paymentIntentId, bookingId: booking.id } });
    expect(confirm.json()).toEqual({ bookingId: booking.id, status: 'confirmed', paymentStatus: 'paid' });
    // The provider's event arriving again (what the Stripe webhook does) goes through the same sink.
    const provider = t.ctx.payments;
    expect(isTestProvider(provider)).toBe(true);
    expect(await settlePayment(t.ctx, await provider.retrieveIntent(intent.paymentIntentId))).toBe('already_settled');

    const paidUpdates = await t.ctx.db
      .select()
      .from(bookingUpdates)
      .where(and(eq(bookingUpdates.bookingId, booking.id), eq(bookingUpdates.kind, 'payment_received')));
    expect(paidUpdates).toHaveLength(1);
    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails).toHaveLength(1);
  });
});

describe('transitions refused over HTTP', () => {
  it('answers TRANSITION_NOT_ALLOWED with from and to when a driver skips a step', async () => {
    const booking = (await bookAsGuest(t, { slotId: `${TUESDAY}T14:00`, guestEmail: 'skip@example.com' })).json();
    await payWithTestCard(t, booking);
    const admin = await t.createUser({ role: 'admin' });
    const driver = await t.createUser({ role: 'driver' });
    expect((await t.call('POST', `/api/drivers/${driver.user.id}/assign/${booking.id}`, { cookie: admin.cookie, body: { override: true } })).statusCode).toBe(200);
    const skip = await t.call('PUT', `/api/driver/bookings/${booking.id}/status`, { cookie: driver.cookie, body: { status: 'completed' } });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'This booking can only move from confirmed to en_route_pickup',
      params: { from: 'confirmed', to: 'completed' },
    });
  });
});
