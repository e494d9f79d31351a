import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

async function mailsTo(to: string) {
  const messages = (await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string; links: string[] }>;
  return messages.filter((m) => m.to === to);
}

describe('guest status e-mails', () => {
  it('carry the guest tracking token in every link, from the confirmation to the driver on the way', async () => {
    const email = 'guest-links@example.com';
    const booking = (await bookAsGuest(t, { slotId: `${TUESDAY}T15:30`, serviceId: (await serviceNamed(t, 'Interior Refresh')).id, guestEmail: email })).json();
    expect((await payWithTestCard(t, booking)).card.statusCode).toBe(200);
    const admin = await t.login('admin@glint.local');
    const { user: driver, cookie: driverCookie } = await t.createUser({ role: 'driver' });
    expect((await t.call('POST', `/api/drivers/${driver.id}/assign/${booking.id}`, { cookie: admin, body: { override: true } })).statusCode).toBe(200);
    const enRoute = await t.call('PUT', `/api/driver/bookings/${booking.id}/status`, { cookie: driverCookie, body: { status: 'en_route_pickup' } });
    expect(enRoute.statusCode).toBe(200);
    expect((await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'completed' } })).statusCode).toBe(200);

    const mails = await mailsTo(email);
    expect(mails.length).toBeGreaterThanOrEqual(4); // confirmed, driver assigned, en route, completed
    const expected = `http://localhost:5000/tracking?bookingId=${booking.id}&token=${booking.trackingToken}`;
    for (const mail of mails) {
      const tracking = mail.links.filter((l) => l.includes('/tracking'));
      expect(tracking, mail.subject).not.toHaveLength(0);
      // The confirmation's account offer is the same link, opened at the offer.
      for (const link of tracking) expect([expected, `${expected}&account=1`], mail.subject).toContain(link);
    }
    // The e-mailed token opens the full view (address, driver), not the limited one.
    const view = await t.call('GET', `/api/bookings/guest/${booking.id}?token=${booking.trackingToken}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ access: 'full', address: { zipCode: '95110' } });
  });
});
