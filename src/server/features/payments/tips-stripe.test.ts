import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacificInstant } from '../../../shared/time';
import type { TipPayment } from '../../../shared/schemas/payments';
import { bookingPayments, bookings } from '../../db/schema';
import { createBooking } from '../../test/account-fixtures';
import { newKey } from '../../test/checkout-fixtures';
import { createStripeTestApp, type StripeStandIn } from '../../test/stripe-stand-in';
import type { TestApp } from '../../test/harness';

/** A tip through the Stripe adapter (decision 058): the intent Stripe is asked for, once per key, settled once. */
let t: TestApp;
let standIn: StripeStandIn;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, standIn, close } = await createStripeTestApp(pacificInstant('2026-06-03', '15:00').getTime()));
});
afterAll(() => close());

describe('a tip with Stripe', () => {
  it('creates a payment intent for the tip in cents, marked as a tip for the booking (not its payment), with the caller’s key', async () => {
    const admin = await t.login('admin@glint.local');
    const driver = await t.createUser({ role: 'driver', fullName: 'Stripe Steve' });
    const { booking } = await createBooking(t, { dateKey: '2026-06-02', status: 'completed', paymentProvider: 'stripe' });
    await t.handle.db.update(bookings).set({ assignedDriverId: driver.user.id, guestEmail: 'tipper@example.com' }).where(eq(bookings.id, booking.id));
    const token = (await t.call('POST', `/api/bookings/${booking.id}/generate-tracking-token`, { cookie: admin })).json().token as string;

    const key = newKey();
    const ask = () => t.call('POST', `/api/bookings/${booking.id}/tip`, { headers: { 'idempotency-key': key, 'x-tracking-token': token }, body: { amountCents: 1500 } });
    const started = await ask();
    expect(started.statusCode, started.body).toBe(200);
    expect((await ask()).json()).toMatchObject({ paymentIntentId: (started.json() as TipPayment).paymentIntentId });

    const creates = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((c) => c.idempotencyKey))).toEqual(new Set([`tip-${booking.id}-${key}`]));
    expect(creates[0]!.form).toMatchObject({ amount: '1500', currency: 'usd', 'metadata[purpose]': 'tip', 'metadata[tipForBooking]': booking.id, receipt_email: 'tipper@example.com' });
    expect(creates[0]!.form['metadata[bookingId]']).toBeUndefined();
    expect(standIn.intents.size).toBe(1);

    const intentId = (started.json() as TipPayment).paymentIntentId;
    standIn.succeed(intentId);
    const confirm = () => t.call('POST', `/api/bookings/${booking.id}/tip/confirm`, { headers: { 'x-tracking-token': token }, body: { paymentIntentId: intentId } });
    expect((await confirm()).json()).toMatchObject({ status: 'succeeded', entry: { kind: 'tip', method: 'card', amountCents: 1500 } });
    expect((await confirm()).statusCode).toBe(200);
    const rows = await t.handle.db.select().from(bookingPayments).where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.kind, 'tip')));
    expect(rows).toMatchObject([{ provider: 'stripe', intentId, amountCents: 1500, technicianId: driver.user.id }]);
  });
});
