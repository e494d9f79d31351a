import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard } from '../../test/checkout-fixtures';
import { cookieFrom, createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { hashToken } from '../auth';

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

const askForLink = (booking: { id: string; trackingToken: string }, token = booking.trackingToken) =>
  t.call('POST', `/api/bookings/guest/${booking.id}/account`, { body: { token } });

async function claimToken(email: string): Promise<string> {
  const mail = (await latestMailTo(t, email))!;
  expect(mail.subject).toBe('Keep your Glint booking in an account');
  return new URL(mail.links.find((l: string) => l.includes('/claim-booking'))!).searchParams.get('token')!;
}

async function accountsFor(email: string) {
  return (await t.handle.executeSql(`select id from users where email = $1`, [email])).rows;
}

async function bookingOwner(bookingId: string) {
  return (await t.handle.executeSql(`select user_id from bookings where id = $1`, [bookingId])).rows[0]!.user_id as string | null;
}

describe('a guest keeps a booking in an account only through the e-mailed claim link', () => {
  it('offers it in the confirmation e-mail through the tracking page (the booking and its tracking token)', async () => {
    const booking = await paidGuestBooking('offer-mail@example.com');
    const mail = (await latestMailTo(t, 'offer-mail@example.com'))!;
    expect(mail.text).toContain('Keep this booking in an account (we e-mail you a link to choose a password)');
    const offer = new URL(mail.links.find((l: string) => l.includes('account=1'))!);
    expect(offer.pathname).toBe('/tracking');
    expect(offer.searchParams.get('bookingId')).toBe(booking.id);
    expect(offer.searchParams.get('token')).toBe(booking.trackingToken);
  });

  it('the tracking link alone creates no account and signs nobody in: it only e-mails the claim link to the guest', async () => {
    const booking = await paidGuestBooking('forwarded@example.com', '2026-06-02T11:00');
    const response = await askForLink(booking);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'We sent a link to the e-mail address of this booking. Open it to choose a password and create your account.' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await accountsFor('forwarded@example.com')).toHaveLength(0);
    expect(await bookingOwner(booking.id)).toBeNull();
    // The link goes to the guest's own address, with a token kept only as its hash.
    const token = await claimToken('forwarded@example.com');
    const stored = (await t.handle.executeSql(`select token_hash from guest_claims where booking_id = $1`, [booking.id])).rows as Array<{ token_hash: string }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(hashToken(token));
  });

  it('creates the account from the booking’s details, links the booking and signs in only once the owner chooses a password, once', async () => {
    const booking = await paidGuestBooking('claim@example.com', '2026-06-02T12:00');
    await askForLink(booking);
    const token = await claimToken('claim@example.com');

    const short = await t.call('POST', '/api/auth/claim-guest-booking', { body: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(await accountsFor('claim@example.com')).toHaveLength(0);

    const claimed = await t.call('POST', '/api/auth/claim-guest-booking', { body: { token, password: 'claimed-pass-1' } });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({ bookingId: booking.id, user: { email: 'claim@example.com', fullName: 'Gale Guest', phone: '+14085550100', role: 'customer', emailVerified: true } });
    const cookie = cookieFrom(claimed);
    const view = (await t.call('GET', `/api/bookings/guest/${booking.id}`, { cookie })).json();
    expect(view).toMatchObject({ access: 'full', userId: claimed.json().user.id });
    expect(view.updates.length).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'claim@example.com', password: 'claimed-pass-1' } })).statusCode).toBe(200);

    // Single use: the same link (a replay, a second tap) makes nothing twice.
    const again = await t.call('POST', '/api/auth/claim-guest-booking', { body: { token, password: 'another-pass-2' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CLAIM_LINK_INVALID');
    expect(await accountsFor('claim@example.com')).toHaveLength(1);
    // And the booking, now in an account, no longer offers a claim.
    expect((await askForLink(booking)).json().code).toBe('BOOKING_ALREADY_LINKED');
  });

  it('refuses a claim link after 24 hours', async () => {
    const booking = await paidGuestBooking('late-claim@example.com', '2026-06-02T13:00');
    await askForLink(booking);
    const token = await claimToken('late-claim@example.com');
    t.clock.advance(24 * 3600_000 + 1000);
    const late = await t.call('POST', '/api/auth/claim-guest-booking', { body: { token, password: 'late-pass-1' } });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: 'CLAIM_LINK_INVALID', message: 'This link has expired or was already used. Ask for a new one from your booking’s tracking page.' });
    expect(await accountsFor('late-claim@example.com')).toHaveLength(0);
    expect(await bookingOwner(booking.id)).toBeNull();
  });

  it('refuses to send the link without this booking’s tracking token: no token, a wrong one, or another booking’s', async () => {
    const booking = await paidGuestBooking('no-token@example.com', '2026-06-03T10:00');
    const other = await paidGuestBooking('other-token@example.com', '2026-06-03T11:00');
    expect((await t.call('POST', `/api/bookings/guest/${booking.id}/account`, { body: {} })).statusCode).toBe(400);
    for (const token of ['not-the-token', other.trackingToken]) {
      const response = await askForLink(booking, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'GUEST_LINK_INVALID', message: 'This link is not valid for this booking. Please use the link from your confirmation e-mail.' });
    }
    expect((await t.handle.executeSql(`select 1 from guest_claims where booking_id = $1`, [booking.id])).rows).toHaveLength(0);
  });

  it('limits claim e-mails per booking, so a forwarded link cannot flood the guest’s inbox', async () => {
    const booking = await paidGuestBooking('flood@example.com', '2026-06-03T12:00');
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await askForLink(booking)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('never takes over an existing account with the same e-mail: its owner is told to sign in, the answer is the same', async () => {
    const { user } = await t.createUser();
    const booking = await paidGuestBooking(user.email, '2026-06-03T13:00');
    const response = await askForLink(booking);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('We sent a link to the e-mail address of this booking. Open it to choose a password and create your account.');
    const mail = (await latestMailTo(t, user.email))!;
    expect(mail.subject).toBe('Someone tried to create a Glint account with your address');
    expect(mail.links.some((l: string) => l.includes('/claim-booking'))).toBe(false);
    expect(await bookingOwner(booking.id)).toBeNull();
  });
});
