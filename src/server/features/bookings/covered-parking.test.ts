import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAsGuest, MONDAY_9AM_PACIFIC, TUESDAY } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { findBookingView } from './bookings.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
});
afterAll(() => t.close());

describe('covered parking, asked at booking for a mobile job (decision 060)', () => {
  it('is stored on a mobile booking and shown in its view; an on-site booking keeps none; not asked is null', async () => {
    const covered = await bookAsGuest(t, { guestEmail: 'roof@example.com', slotId: `${TUESDAY}T10:00`, coveredParking: true });
    expect(covered.statusCode, covered.body).toBe(201);
    expect((await findBookingView(t.ctx.db, covered.json().id))!.coveredParking).toBe(true);

    const open = await bookAsGuest(t, { guestEmail: 'open@example.com', slotId: `${TUESDAY}T13:00`, coveredParking: false });
    expect(open.statusCode, open.body).toBe(201);
    expect((await findBookingView(t.ctx.db, open.json().id))!.coveredParking).toBe(false);

    const onSite = await bookAsGuest(t, { guestEmail: 'shop@example.com', slotId: `${TUESDAY}T15:00`, serviceId: (await t.call('GET', '/api/services')).json().find((s: { locationOptions: { serviceLocation: boolean } }) => s.locationOptions.serviceLocation).id, serviceType: 'serviceLocation', address: undefined, coveredParking: false });
    expect(onSite.statusCode, onSite.body).toBe(201);
    expect((await findBookingView(t.ctx.db, onSite.json().id))!.coveredParking).toBeNull();

    const notAsked = await bookAsGuest(t, { guestEmail: 'unasked@example.com', slotId: `${TUESDAY}T11:00` });
    expect(notAsked.statusCode, notAsked.body).toBe(201);
    expect((await findBookingView(t.ctx.db, notAsked.json().id))!.coveredParking).toBeNull();

    expect((await bookAsGuest(t, { guestEmail: 'bad@example.com', coveredParking: 'yes' })).json()).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
