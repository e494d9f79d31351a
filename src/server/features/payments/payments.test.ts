import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingUpdates, paymentMethods } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

const row = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const left = async (serviceId: string, date: string, time: string) =>
  ((await t.call('GET', `/api/services/${serviceId}/available-slots?date=${date}`)).json() as Array<{ startTime: string; availableCapacity: number }>).find((s) => s.startTime === time)?.availableCapacity ?? 0;

describe('POST /api/create-payment-intent (test provider)', () => {
  it('answers a client secret for the booking total and only to the booking’s customer', async () => {
    const booking = (await bookAsGuest(t, { slotId: `${TUESDAY}T09:00` })).json();
    const noToken = await t.call('POST', '/api/create-payment-intent', { body: { bookingId: booking.id } });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().message).toBe('You can only pay for your own booking');
    const wrong = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': 'nope' }, body: { bookingId: booking.id } });
    expect(wrong.statusCode).toBe(403);
    const stranger = await t.createUser();
    expect((await t.call('POST', '/api/create-payment-intent', { cookie: stranger.cookie, body: { bookingId: booking.id } })).statusCode).toBe(403);

    const ok = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id, amount: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ provider: 'test', amount: '223.90', status: 'requires_payment_method', savedCards: [] });
    expect(ok.json().clientSecret.length).toBeGreaterThan(10);
    // The body may carry the token instead of the header.
    const viaBody = await t.call('POST', '/api/create-payment-intent', { body: { bookingId: booking.id, trackingToken: booking.trackingToken } });
    expect(viaBody.json().paymentIntentId).toBe(ok.json().paymentIntentId);
  });

  it.each([
    [{}, 400, 'Not a valid booking id'],
    [{ bookingId: 'x' }, 400, 'Not a valid booking id'],
    [{ bookingId: '00000000-0000-4000-8000-000000000000' }, 404, 'Booking not found'],
    [{ bookingId: '00000000-0000-4000-8000-000000000000', paymentMethodId: 'card' }, 400, 'Not a valid payment method id'],
    [{ bookingId: '00000000-0000-4000-8000-000000000000', saveCard: 'yes' }, 400, undefined],
  ])('refuses %o', async (body, status, message) => {
    const response = await t.call('POST', '/api/create-payment-intent', { body });
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
    else expect(response.json().message).toEqual(expect.any(String));
  });

  it('refuses to take a second payment for a paid booking', async () => {
    const booking = (await bookAsGuest(t, { slotId: `${TUESDAY}T12:30` })).json();
    expect((await payWithTestCard(t, booking)).card.statusCode).toBe(200);
    const again = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking is already paid');
  });
});

let cardCase = 0;
describe('the test card form', () => {
  it('pays with 4242 4242 4242 4242 and confirms the booking', async () => {
    const booking = (await bookAsGuest(t, { slotId: `${TUESDAY}T09:30` })).json();
    const { intent, card } = await payWithTestCard(t, booking);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toEqual({ status: 'succeeded', paymentIntentId: intent.paymentIntentId, bookingId: booking.id });
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethodLast4: '4242' });
    const confirm = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: intent.paymentIntentId, bookingId: booking.id } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ bookingId: booking.id, status: 'confirmed', paymentStatus: 'paid' });
    const updates = await t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, booking.id));
    expect(updates).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 with the card message and frees the time at once', async () => {
    const headlights = await serviceNamed(t, 'Headlight Restoration');
    const at = { serviceId: headlights.id, slotId: '2026-06-03T10:00' };
    const held = [];
    for (let i = 0; i < 3; i++) held.push((await bookAsGuest(t, at)).json());
    expect(await left(headlights.id, '2026-06-03', '10:00')).toBe(0);
    const { intent, card } = await payWithTestCard(t, held[0], { number: '4000 0000 0000 0002' });
    expect(card.statusCode).toBe(402);
    expect(card.json().message).toBe('Your card was declined.');
    expect(await row(held[0].id)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    expect(await left(headlights.id, '2026-06-03', '10:00')).toBe(1);
    const confirm = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: intent.paymentIntentId, bookingId: held[0].id } });
    expect(confirm.statusCode).toBe(402);
  });

  it('takes the time again when a good card follows a decline, if it is still free', async () => {
    const booking = (await bookAsGuest(t, { slotId: `${TUESDAY}T10:30` })).json();
    const { intent } = await payWithTestCard(t, booking, { number: '4000000000000002' });
    expect((await row(booking.id)).status).toBe('cancelled');
    const retry = await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '999' } });
    expect(retry.statusCode).toBe(200);
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancelledAt: null });
  });

  it('refunds a payment that arrives after its released time was taken', async () => {
    const headlights = await serviceNamed(t, 'Headlight Restoration');
    const at = { serviceId: headlights.id, slotId: '2026-06-03T14:00' };
    const first = (await bookAsGuest(t, at)).json();
    const { intent } = await payWithTestCard(t, first, { number: '4000000000000002' });
    for (let i = 0; i < 3; i++) expect((await bookAsGuest(t, at)).statusCode).toBe(201);
    const late = await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '999' } });
    expect(late.statusCode).toBe(200);
    expect(await row(first.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const [refund] = (await t.handle.executeSql('select refunded_cents from test_payment_intents where id = $1', [intent.paymentIntentId])).rows;
    expect(refund!.refunded_cents).toBe(8090); // 69.00 + 5.00 + 6.90
  });

  it.each([
    [{ number: '4242' }, 'Your card number is incomplete.'],
    [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    [{ expMonth: 1, expYear: 2026 }, "Your card's expiration date is in the past."],
    [{ expMonth: 13 }, "Your card's expiration month is invalid."],
    [{ cvc: '12' }, "Your card's security code is incomplete."],
    [{ clientSecret: 'short' }, 'clientSecret is required'],
  ])('refuses a card form with %o', async (override, message) => {
    const express = await serviceNamed(t, 'Express Exterior Wash');
    const created = await bookAsGuest(t, { serviceId: express.id, slotId: `2026-06-08T${String(9 + cardCase++).padStart(2, '0')}:00` });
    expect(created.statusCode).toBe(201);
    const booking = created.json();
    const intent = (await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } })).json();
    const response = await t.call('POST', '/api/payments/test/confirm-card', {
      body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await row(booking.id)).status).toBe('pending');
  });

  it('refuses a wrong client secret as an unknown payment', async () => {
    const booking = (await bookAsGuest(t, { slotId: '2026-06-09T09:00' })).json();
    const intent = (await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } })).json();
    expect(intent.paymentIntentId).toBeDefined();
    const response = await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId: intent.paymentIntentId, clientSecret: 'pi_guess_secret_guess', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/confirm-payment', () => {
  it.each([
    [{}, 'paymentIntentId is required'],
    [{ paymentIntentId: 'pi_x' }, 'Not a valid booking id'],
  ])('refuses %o', async (body, message) => {
    const response = await t.call('POST', '/api/confirm-payment', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for an unknown payment or booking and 409 before the card is paid', async () => {
    const booking = (await bookAsGuest(t, { slotId: '2026-06-09T13:00' })).json();
    expect(booking.id).toBeDefined();
    expect((await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: 'pi_test_nothing', bookingId: booking.id } })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: 'pi_test_nothing', bookingId: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
    const intent = (await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } })).json();
    const early = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: intent.paymentIntentId, bookingId: booking.id } });
    expect(early.statusCode).toBe(409);
    expect((await row(booking.id)).status).toBe('pending');
  });
});

describe('saved cards', () => {
  it('keeps only brand, last four and expiry when a customer ticks Save this card, and pays with it next time', async () => {
    const { user, cookie } = await t.createUser();
    const wash = await serviceNamed(t, 'Wash & Wax');
    const book = async (time: string) =>
      (await t.call('POST', '/api/bookings', { cookie, body: { serviceId: wash.id, serviceType: 'pickup', slotId: `2026-06-05T${time}`, address: '1 Main St, Campbell, CA 95008' } })).json();
    const first = await book('09:00');
    const { card } = await payWithTestCard(t, first, { cookie, number: '5555 5555 5555 4444', saveCard: true });
    expect(card.statusCode).toBe(200);
    const saved = await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ provider: 'test', brand: 'mastercard', last4: '4444', expiryMonth: 12, expiryYear: 2030, isDefault: true });
    expect(JSON.stringify(saved)).not.toContain('5555555555554444');

    const second = await book('12:00');
    const paid = await t.call('POST', '/api/create-payment-intent', { cookie, body: { bookingId: second.id, paymentMethodId: saved[0]!.id } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', savedCards: [{ id: saved[0]!.id, brand: 'mastercard', last4: '4444', isDefault: true }] });
    expect(await row(second.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethodLast4: '4444' });

    // The same card again is not saved twice.
    const third = await book('14:30');
    await payWithTestCard(t, third, { cookie, number: '5555 5555 5555 4444', saveCard: true });
    expect(await t.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(1);
  });

  it('never saves a guest’s card and refuses someone else’s saved card', async () => {
    const guest = (await bookAsGuest(t, { slotId: `${TUESDAY}T14:00`, guestEmail: 'nosave@example.com' })).json();
    const before = (await t.handle.executeSql(`select count(*)::int as n from payment_methods`)).rows[0]!.n;
    expect((await payWithTestCard(t, guest, { saveCard: true })).card.statusCode).toBe(200);
    expect((await t.handle.executeSql(`select count(*)::int as n from payment_methods`)).rows[0]!.n).toBe(before);
    const owner = await t.createUser();
    const [card] = await t.ctx.db
      .insert(paymentMethods)
      .values({ userId: owner.user.id, provider: 'test', providerMethodId: 'pm_test_visa_4242_12_2030_abc', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 })
      .returning();
    const thief = await t.createUser();
    const wash = await serviceNamed(t, 'Wash & Wax');
    const booking = (await t.call('POST', '/api/bookings', { cookie: thief.cookie, body: { serviceId: wash.id, serviceType: 'pickup', slotId: '2026-06-05T10:00', address: '1 Main St, Campbell, CA 95008' } })).json();
    const response = await t.call('POST', '/api/create-payment-intent', { cookie: thief.cookie, body: { bookingId: booking.id, paymentMethodId: card!.id } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Payment method not found');
    const guestSaved = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': guest.trackingToken }, body: { bookingId: guest.id, paymentMethodId: card!.id } });
    expect(guestSaved.statusCode).toBe(409); // already paid comes first
  });
});
