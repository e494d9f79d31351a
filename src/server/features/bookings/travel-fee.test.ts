import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import type { BookingLineView } from '../../../shared/schemas/booking-lines';
import { offlineTravelMinutes } from '../../../shared/travel';
import { createTestApp, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed } from '../../test/checkout-fixtures';

/** The service area's travel fee is a line of the booking's price (issue 24, decision 054). */

let t: TestApp;
let serviceId: string;
const NEAR = { ...HOME, latitude: 37.3318, longitude: -121.8916 };
const FAR = { street: '250 University Ave', city: 'Palo Alto', state: 'CA', zipCode: '94301', latitude: 37.4457, longitude: -122.1619 };

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  serviceId = (await serviceNamed(t, 'Interior Refresh')).id;
  const admin = await t.createUser({ role: 'admin' });
  const base = t.ctx.config.business.location;
  const near = offlineTravelMinutes(base, NEAR, 12 * 60);
  const far = offlineTravelMinutes(base, FAR, 12 * 60);
  expect(far).toBeGreaterThan(near + 2);
  // Free up to the near address; the far one falls in the first band and pays $15.00.
  const travel = { freeMinutes: near + 1, bands: [{ upToMinutes: far + 5, feeCents: 15_00 }, { upToMinutes: far + 60, feeCents: 40_00 }] };
  expect((await t.call('PUT', '/api/admin/business-settings/travel', { cookie: admin.cookie, body: travel })).statusCode).toBe(200);
});
afterAll(() => t.close());

const book = (slotId: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/bookings', {
    headers: { 'idempotency-key': newKey() },
    body: { serviceId, slotId, guestEmail: 'far@example.com', guestName: 'Fay Far', guestPhone: '4085550100', ...body },
  });

const travelLine = (booking: { job: { extras: BookingLineView[] } }) => booking.job.extras.find((l) => l.kind === 'travel_fee');

describe('the travel fee', () => {
  it('is charged beyond the free drive at the band’s fee, not near, not on site, and is part of the total', async () => {
    const far = await book('2026-06-02T12:00', { serviceType: 'mobile', address: FAR });
    expect(far.statusCode, far.body).toBe(201);
    expect(far.json()).toMatchObject({ travelFee: '15.00' });
    const near = await book('2026-06-03T12:00', { serviceType: 'mobile', address: NEAR });
    expect(near.statusCode, near.body).toBe(201);
    expect(near.json().travelFee).toBeUndefined();
    const onSite = await book('2026-06-04T12:00', { serviceType: 'serviceLocation' });
    expect(onSite.statusCode, onSite.body).toBe(201);

    const view = async (id: string) => {
      const response = await t.call('GET', `/api/admin/bookings/${id}`, { cookie: (await t.createUser({ role: 'admin' })).cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const [farView, nearView, onSiteView] = await Promise.all([view(far.json().id), view(near.json().id), view(onSite.json().id)]);

    expect(travelLine(farView)).toMatchObject({ label: 'Travel fee', amount: '15.00' });
    expect(travelLine(nearView)).toBeUndefined();
    expect(travelLine(onSiteView)).toBeUndefined();
    // Same service and vehicle: the far job costs exactly the fee more, untaxed like the service fee.
    expect(toCents(farView.totalAmount) - toCents(nearView.totalAmount)).toBe(15_00);
    expect(farView.tax).toBe(nearView.tax);
    // The fee columns hold every untaxed fee (service and travel); the lines add up to the total.
    expect(toCents(farView.serviceFee) - toCents(nearView.serviceFee)).toBe(15_00);
    const lines = [...farView.job.vehicles.flatMap((v: { lines: BookingLineView[] }) => v.lines), ...farView.job.extras];
    expect(lines.reduce((sum: number, l: BookingLineView) => sum + toCents(l.amount), 0)).toBe(toCents(farView.totalAmount));

    // What the customer is charged is that total.
    const intent = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': far.json().trackingToken }, body: { bookingId: far.json().id, saveCard: false } });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().amount).toBe(farView.totalAmount);
  });
});
