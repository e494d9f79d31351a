import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';

let t: TestApp;
let admin: string;
const PRICES = { sedan: { regular: '119.00', offer: '79.00' }, suv: { regular: '149.00', offer: '99.00' }, oversize: { regular: '179.00', offer: '119.00' } };
const liveOffer = { title: 'Fall Wash & Wax Special', endsAt: '2026-06-15T23:59', prices: PRICES, isLive: true };

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = (await t.createUser({ role: 'admin' })).cookie;
});
afterAll(() => t.close());

const book = async (overrides: Record<string, unknown>) => {
  const service = await serviceNamed(t, 'Wash & Wax');
  return t.call('POST', '/api/bookings', {
    headers: { 'idempotency-key': newKey() },
    body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T10:00`, address: HOME, guestEmail: 'offer@example.com', guestName: 'Ollie Offer', ...overrides },
  });
};

describe('the promotional offer', () => {
  it('starts as the seed offer, which ended on 2025-10-05', async () => {
    const response = await t.call('GET', '/api/offers/current');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Fall Wash & Wax Special', isLive: false, ended: true, endsAt: '2025-10-06T06:59:00.000Z', prices: PRICES, storeCartUrls: {} });
  });

  it('lets only an admin edit it; the end time is Pacific', async () => {
    const { cookie } = await t.createUser();
    expect((await t.call('PUT', '/api/admin/offers/current', { body: liveOffer })).statusCode).toBe(401);
    expect((await t.call('PUT', '/api/admin/offers/current', { cookie, body: liveOffer })).statusCode).toBe(403);
    const bad = await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, prices: { ...PRICES, suv: { regular: '99.00', offer: '149.00' } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/offer price/);
    const saved = await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: liveOffer });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ isLive: true, ended: false, endsAt: '2026-06-16T06:59:00.000Z' });
    expect((await t.call('GET', '/api/offers/current')).json()).toMatchObject({ isLive: true, ended: false });
  });

  it('prices a booking at the offer price on the server, whatever amount the client sends', async () => {
    await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: liveOffer });
    const response = await book({ offerVehicle: 'suv', totalAmount: '1.00' });
    expect(response.statusCode).toBe(201);
    // 99.00 + 5.00 fee + 9.90 tax (10% of the offer price)
    expect(response.json()).toMatchObject({ totalAmount: '113.90', serviceFee: '5.00', tax: '9.90' });
    const regular = await book({ slotId: `${TUESDAY}T11:00` });
    expect(Number(regular.json().totalAmount)).toBeGreaterThan(113.9);
  });

  it('refuses the offer price after the offer ends, when it is not live, or for another service', async () => {
    await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, endsAt: '2026-06-01T08:00' } });
    const ended = await book({ offerVehicle: 'sedan', slotId: `${TUESDAY}T12:00` });
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ code: 'OFFER_ENDED' });
    await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, isLive: false } });
    expect((await book({ offerVehicle: 'sedan', slotId: `${TUESDAY}T12:00` })).json()).toMatchObject({ code: 'OFFER_ENDED' });
    await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: liveOffer });
    const other = await serviceNamed(t, 'Full Detail');
    const wrong = await book({ serviceId: other.id, offerVehicle: 'sedan', slotId: `${TUESDAY}T12:00` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'OFFER_NOT_APPLICABLE' });
    expect((await book({ offerVehicle: 'truck', slotId: `${TUESDAY}T12:00` })).statusCode).toBe(400);
  });
});
