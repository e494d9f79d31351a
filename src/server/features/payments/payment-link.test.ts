import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateMessage } from '../../../shared/booking-lifecycle';
import { bookingUpdates } from '../../db/schema';
import { isTestProvider } from '../../integrations/payments';
import { anyService, openDayAfter } from '../../test/account-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { settlePayment } from './payments.service';

/** "Send a payment link": a phone appointment the customer pays by card from the confirmation e-mail. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

interface Booking {
  id: string;
  status: string;
  paymentStatus: string;
  totalAmount: string;
}

const revenue = async () => ((await t.call('GET', '/api/admin/dashboard', { cookie: admin })).json() as { revenue: string }).revenue;
const adminBooking = async (id: string) => (await t.call('GET', `/api/admin/bookings/${id}`, { cookie: admin })).json() as Booking;

async function linkAppointment(email: string, day: string, time: string, payment = 'link') {
  const service = await anyService(t);
  const made = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: 'Lena Link', customerEmail: email, customerPhone: '(408) 555-0142', serviceId: service.id, date: day, time, serviceType: 'serviceLocation', payment },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { booking: made.json() as Booking, service };
}

/** The Pay now link of the booking's confirmation e-mail. */
async function payLinkOf(email: string): Promise<URL> {
  const mail = await latestMailTo(t, email);
  expect(mail, 'confirmation e-mail').toBeTruthy();
  const link = mail!.links.map((l) => new URL(l)).find((u) => u.pathname === '/pay');
  expect(link, `a pay link in: ${mail!.text}`).toBeTruthy();
  return link!;
}

/** The kinds of a booking's history, oldest first. */
const kindsOf = async (bookingId: string) =>
  (await t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, bookingId)).orderBy(bookingUpdates.createdAt, bookingUpdates.id)).map((u) => u.kind);

const createIntent = (bookingId: string, token?: string, cookie?: string) =>
  t.call('POST', '/api/create-payment-intent', { cookie, headers: token ? { 'x-tracking-token': token } : {}, body: { bookingId } });

async function payByCard(bookingId: string, token?: string) {
  const intent = await createIntent(bookingId, token);
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret, paymentIntentId, amount } = intent.json() as { clientSecret: string; paymentIntentId: string; amount: string };
  const card = await t.call('POST', '/api/payments/test/confirm-card', {
    body: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', saveCard: false },
  });
  return { card, paymentIntentId, amount };
}

async function freeSeats(serviceId: string, day: string, time: string): Promise<number> {
  const slots = (await t.call('GET', `/api/services/${serviceId}/available-slots?date=${day}`)).json() as Array<{ id: string; availableCapacity: number }>;
  return slots.find((s) => s.id === `${day}T${time}`)?.availableCapacity ?? 0;
}

describe('a phone appointment paid by a payment link', () => {
  it('e-mails a Pay now link with the amount; the guest pays it by card with the token, once, and the slot is not claimed again', async () => {
    const email = `link-${Date.now()}@example.com`;
    const day = openDayAfter(t, 5);
    const revenueBefore = await revenue();
    const { booking, service } = await linkAppointment(email, day, '10:00');
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'link_sent' });
    expect(await kindsOf(booking.id)).toEqual(['created', 'payment_link_sent']);

    const mail = await latestMailTo(t, email);
    expect(mail!.text).toContain(`Amount due: $${booking.totalAmount}`);
    const link = await payLinkOf(email);
    expect(link.searchParams.get('bookingId')).toBe(booking.id);
    const token = link.searchParams.get('token')!;
    expect(token).toBeTruthy();
    // The tracking link is still in the mail, with the same token.
    expect(mail!.links.some((l) => l.includes('/tracking?') && l.includes(encodeURIComponent(token)))).toBe(true);
    // Unpaid until paid: no revenue yet.
    expect(await revenue()).toBe(revenueBefore);

    const seatsBefore = await freeSeats(service.id, day, '10:00');
    const { card, paymentIntentId, amount } = await payByCard(booking.id, token);
    expect(amount).toBe(booking.totalAmount);
    expect(card.statusCode, card.body).toBe(200);
    // The browser's confirm and the provider's event arriving again find it settled.
    const confirm = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId, bookingId: booking.id } });
    expect(confirm.json()).toEqual({ bookingId: booking.id, status: 'confirmed', paymentStatus: 'paid' });
    const provider = t.ctx.payments;
    if (!isTestProvider(provider)) throw new Error('expected the built-in test provider');
    expect(await settlePayment(t.ctx, await provider.retrieveIntent(paymentIntentId))).toBe('already_settled');

    const received = await t.ctx.db
      .select()
      .from(bookingUpdates)
      .where(and(eq(bookingUpdates.bookingId, booking.id), eq(bookingUpdates.kind, 'payment_received')));
    expect(received).toHaveLength(1);
    expect(await adminBooking(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(Number(await revenue())).toBeCloseTo(Number(revenueBefore) + Number(booking.totalAmount), 2);
    // The confirmed slot was already the appointment's: paying takes no second seat.
    expect(await freeSeats(service.id, day, '10:00')).toBe(seatsBefore);

    // Paid: the link now says so.
    const again = await createIntent(booking.id, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_PAID', message: 'This booking is already paid' });
  });

  it('refuses a wrong token, a stranger and a signed-in customer who is not the owner', async () => {
    const email = `link-wrong-${Date.now()}@example.com`;
    const { booking } = await linkAppointment(email, openDayAfter(t, 5), '11:00');
    for (const response of [await createIntent(booking.id, 'not-the-token'), await createIntent(booking.id), await createIntent(booking.id, undefined, (await t.createUser()).cookie)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'NOT_YOUR_BOOKING' });
    }
    expect((await adminBooking(booking.id)).paymentStatus).toBe('link_sent');
  });

  it("lets the account's customer pay by the link's token alone, signed out; the token opens only its own booking", async () => {
    const customer = await t.createUser();
    const day = openDayAfter(t, 5);
    const { booking } = await linkAppointment(customer.user.email, day, '12:00');
    const token = (await payLinkOf(customer.user.email)).searchParams.get('token');
    expect(token, 'the pay link of an account booking carries a token').toBeTruthy();
    // The token of another booking, or one altered, pays nothing.
    const other = await linkAppointment((await t.createUser()).user.email, day, '13:00');
    expect((await createIntent(other.booking.id, token!)).json()).toMatchObject({ code: 'NOT_YOUR_BOOKING' });
    const altered = `${token!.slice(0, -2)}${token!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await createIntent(booking.id, altered)).statusCode).toBe(403);
    // The pay link is not a tracking link: the booking's details stay behind the sign-in.
    const view = await t.call('GET', `/api/bookings/guest/${booking.id}`, { headers: { 'x-tracking-token': token! } });
    expect(view.json()).toMatchObject({ access: 'limited', serviceName: expect.any(String) });

    const { card } = await payByCard(booking.id, token!);
    expect(card.statusCode, card.body).toBe(200);
    expect(await adminBooking(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('still lets the signed-in owner pay without a token (a link sent before tokens)', async () => {
    const customer = await t.createUser();
    const { booking } = await linkAppointment(customer.user.email, openDayAfter(t, 5), '14:00');
    const intent = await createIntent(booking.id, undefined, customer.cookie);
    expect(intent.statusCode, intent.body).toBe(200);
  });

  it('refuses a cancelled appointment and one paid on site', async () => {
    const email = `link-cancel-${Date.now()}@example.com`;
    const day = openDayAfter(t, 6);
    const { booking } = await linkAppointment(email, day, '10:00');
    const token = (await payLinkOf(email)).searchParams.get('token')!;
    expect((await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: {} })).statusCode).toBe(200);
    const refused = await createIntent(booking.id, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BOOKING_NOT_PAYABLE', message: 'This booking cannot be paid online. Please call us.' });

    const onSiteEmail = `link-onsite-${Date.now()}@example.com`;
    const onSite = (await linkAppointment(onSiteEmail, day, '11:00', 'on_site')).booking;
    const onSiteToken = new URL((await latestMailTo(t, onSiteEmail))!.links.find((l) => l.includes('/tracking?'))!).searchParams.get('token')!;
    expect((await createIntent(onSite.id, onSiteToken)).json()).toMatchObject({ code: 'BOOKING_NOT_PAYABLE' });
  });

  it('does not revive an appointment the business cancelled while the customer was paying: the money goes back', async () => {
    const email = `link-late-${Date.now()}@example.com`;
    const { booking } = await linkAppointment(email, openDayAfter(t, 6), '12:00');
    const token = (await payLinkOf(email)).searchParams.get('token')!;
    const intent = await createIntent(booking.id, token);
    expect(intent.statusCode).toBe(200);
    expect((await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: {} })).statusCode).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json() as { clientSecret: string; paymentIntentId: string };
    await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(await adminBooking(booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // Its history says why the money went back: the cancellation, not an ended hold.
    const refund = await t.ctx.db.select().from(bookingUpdates).where(and(eq(bookingUpdates.bookingId, booking.id), eq(bookingUpdates.kind, 'late_payment_refunded')));
    expect(refund.map((u) => updateMessage({ kind: u.kind!, params: u.params ?? {}, note: u.message }))).toEqual(['Payment arrived after this appointment was cancelled. The payment was refunded.']);
  });

  it('takes the payment of an appointment whose day the business closed since: its time is not asked for again', async () => {
    const email = `link-closed-${Date.now()}@example.com`;
    const day = openDayAfter(t, 9);
    const { booking } = await linkAppointment(email, day, '14:00');
    const token = (await payLinkOf(email)).searchParams.get('token')!;
    const closed = await t.call('POST', '/api/admin/business-closures', { cookie: admin, body: { date: day, name: 'Staff training', type: 'holiday' } });
    expect(closed.statusCode, closed.body).toBe(201);
    const { card } = await payByCard(booking.id, token);
    expect(card.statusCode, card.body).toBe(200);
    expect(await adminBooking(booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it("still accepts 'later' (unpaid, no link) from API clients", async () => {
    const email = `link-later-${Date.now()}@example.com`;
    const { booking } = await linkAppointment(email, openDayAfter(t, 7), '10:00', 'later');
    expect(booking.paymentStatus).toBe('unpaid');
    const mail = await latestMailTo(t, email);
    expect(mail!.links.some((l) => l.includes('/pay?'))).toBe(false);
  });

  it('lets the business send a payment link later for an unpaid appointment, and refuses one paid on site', async () => {
    const email = `link-resend-${Date.now()}@example.com`;
    const day = openDayAfter(t, 7);
    const { booking } = await linkAppointment(email, day, '11:00', 'later');
    const sent = await t.call('POST', `/api/admin/bookings/${booking.id}/payment-link`, { cookie: admin });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: booking.id, paymentStatus: 'link_sent' });
    // Its history says so (no link went out when it was made).
    expect(await kindsOf(booking.id)).toEqual(['created', 'payment_link_sent']);
    const link = await payLinkOf(email);
    const { card } = await payByCard(booking.id, link.searchParams.get('token')!);
    expect(card.statusCode, card.body).toBe(200);
    expect((await adminBooking(booking.id)).paymentStatus).toBe('paid');
    // Paid now: no link to send.
    expect((await t.call('POST', `/api/admin/bookings/${booking.id}/payment-link`, { cookie: admin })).json()).toMatchObject({ code: 'BOOKING_NOT_PAYABLE' });

    const onSite = (await linkAppointment(`link-resend-site-${Date.now()}@example.com`, day, '12:00', 'on_site')).booking;
    const refused = await t.call('POST', `/api/admin/bookings/${onSite.id}/payment-link`, { cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BOOKING_NOT_PAYABLE' });
    expect((await t.call('POST', `/api/admin/bookings/${booking.id}/payment-link`, { cookie: (await t.createUser()).cookie })).statusCode).toBe(403);
  });
});
