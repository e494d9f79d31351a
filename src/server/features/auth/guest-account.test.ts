import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard } from '../../test/checkout-fixtures';
import { cookieFrom, createTestApp, latestMailTo, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

async function paidGuestBooking(email: string, slot = '2026-06-02T10:00') {
  const booking = (await bookAsGuest(t, { guestEmail: email, guestName: 'Gale Guest', guestPhone: '(408) 555-0100', slotId: slot })).json();
  await payWithTestCard(t, booking);
  return booking as { id: string; trackingToken: string };
}

describe('POST /api/bookings/guest/:id/account (the guest’s one-tap account)', () => {
  it('offers it in the confirmation e-mail through a link carrying the booking and its tracking token', async () => {
    const booking = await paidGuestBooking('offer-mail@example.com');
    const mail = (await latestMailTo(t, 'offer-mail@example.com'))!;
    expect(mail.text).toContain('Save this booking to an account in one tap');
    const offer = new URL(mail.links.find((l: string) => l.includes('account=1'))!);
    expect(offer.pathname).toBe('/tracking');
    expect(offer.searchParams.get('bookingId')).toBe(booking.id);
    expect(offer.searchParams.get('token')).toBe(booking.trackingToken);
  });

  it('makes the account from the booking’s name, e-mail and phone, links the booking and its history, and signs the guest in', async () => {
    const booking = await paidGuestBooking('one-tap@example.com', '2026-06-02T11:00');
    const response = await t.call('POST', `/api/bookings/guest/${booking.id}/account`, { body: { token: booking.trackingToken } });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ email: 'one-tap@example.com', fullName: 'Gale Guest', phone: '+14085550100', role: 'customer' });
    const cookie = cookieFrom(response);
    const mine = (await t.call('GET', '/api/bookings', { cookie })).json();
    const list = Array.isArray(mine) ? mine : mine.items;
    expect(list.map((b: { id: string }) => b.id)).toContain(booking.id);
    // The history comes along: the owner sees the booking's updates without any token.
    const view = (await t.call('GET', `/api/bookings/guest/${booking.id}`, { cookie })).json();
    expect(view).toMatchObject({ access: 'full', userId: response.json().user.id });
    expect(view.updates.length).toBeGreaterThan(0);
    // The guest chooses a password from the e-mail.
    const mail = (await latestMailTo(t, 'one-tap@example.com'))!;
    expect(mail.subject).toBe('Your Glint account is ready');
    const reset = new URL(mail.links.find((l: string) => l.includes('/reset-password'))!);
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token: reset.searchParams.get('token'), newPassword: 'new-guest-pass-1' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'one-tap@example.com', password: 'new-guest-pass-1' } })).statusCode).toBe(200);
    // A second tap (or a replayed request) makes nothing twice.
    const again = await t.call('POST', `/api/bookings/guest/${booking.id}/account`, { body: { token: booking.trackingToken } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BOOKING_ALREADY_LINKED');
  });

  it('refuses without this booking’s tracking token: no token, a wrong one, or another booking’s', async () => {
    const booking = await paidGuestBooking('no-token@example.com', '2026-06-02T12:00');
    const other = await paidGuestBooking('other-token@example.com', '2026-06-02T13:00');
    const missing = await t.call('POST', `/api/bookings/guest/${booking.id}/account`, { body: {} });
    expect(missing.statusCode).toBe(400);
    for (const token of ['not-the-token', other.trackingToken]) {
      const response = await t.call('POST', `/api/bookings/guest/${booking.id}/account`, { body: { token } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'GUEST_LINK_INVALID', message: 'This link is not valid for this booking. Please use the link from your confirmation e-mail.' });
    }
    const [row] = (await t.handle.executeSql(`select user_id from bookings where id = $1`, [booking.id])).rows;
    expect(row!.user_id).toBeNull();
    expect((await t.handle.executeSql(`select id from users where email = 'no-token@example.com'`)).rows).toHaveLength(0);
  });

  it('never takes over an existing account with the same e-mail', async () => {
    const { user } = await t.createUser();
    const booking = await paidGuestBooking(user.email, '2026-06-02T14:00');
    const response = await t.call('POST', `/api/bookings/guest/${booking.id}/account`, { body: { token: booking.trackingToken } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('EMAIL_TAKEN');
    const [row] = (await t.handle.executeSql(`select user_id from bookings where id = $1`, [booking.id])).rows;
    expect(row!.user_id).toBeNull();
  });
});
