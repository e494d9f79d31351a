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

  it('keeps every field of the page: subtitle, image, service and FAQ; empty ones show nothing (FAQ: the standard one)', async () => {
    const full = await serviceNamed(t, 'Full Detail');
    const faq = [{ question: ' Is wax included? ', answer: 'Yes, carnauba.' }];
    const saved = await t.call('PUT', '/api/admin/offers/current', {
      cookie: admin,
      body: { ...liveOffer, subtitle: 'Two hours, one shine', imageUrl: 'https://cdn.example.com/wax.jpg', serviceId: full.id, faq },
    });
    expect(saved.statusCode).toBe(200);
    const page = (await t.call('GET', '/api/offers/current')).json();
    expect(page).toMatchObject({ subtitle: 'Two hours, one shine', imageUrl: 'https://cdn.example.com/wax.jpg', serviceId: full.id, faq: [{ question: 'Is wax included?', answer: 'Yes, carnauba.' }] });
    const cleared = await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, subtitle: '  ', imageUrl: '', faq: [] } });
    expect(cleared.json()).toMatchObject({ subtitle: null, imageUrl: null, faq: null, serviceId: full.id });
    const wash = await serviceNamed(t, 'Wash & Wax');
    await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, serviceId: wash.id } });
  });

  it('refuses a bad image, an unanswered question or an unknown service with a 4xx that says so', async () => {
    const put = (body: Record<string, unknown>) => t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, ...body } });
    for (const imageUrl of ['javascript:alert(1)', 'http://plain.example.com/a.jpg', 'https://x.example.com/a b.jpg']) {
      const bad = await put({ imageUrl });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/Image URL/);
    }
    const unanswered = await put({ faq: [{ question: 'Why?', answer: ' ' }] });
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().message).toMatch(/answer/);
    const tooMany = await put({ faq: Array.from({ length: 11 }, () => ({ question: 'Q', answer: 'A' })) });
    expect(tooMany.statusCode).toBe(400);
    const unknown = await put({ serviceId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SERVICE_NOT_FOUND' });
    expect((await t.call('GET', '/api/offers/current')).json()).toMatchObject({ title: 'Fall Wash & Wax Special' });
  });

  it('keeps optional Spanish and French title, subtitle and FAQ; blanks are dropped so the page falls back to English', async () => {
    const faq = [
      { question: 'Is wax included?', answer: 'Yes.' },
      { question: 'How long?', answer: 'Two hours.' },
    ];
    const translations = { es: { title: ' Especial de otoño ', subtitle: '', faq: [{ question: '¿Incluye cera?', answer: '' }, { question: ' ', answer: '' }] }, fr: { title: '' } };
    const saved = await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, subtitle: 'One shine', faq, translations } });
    expect(saved.statusCode).toBe(200);
    const page = (await t.call('GET', '/api/offers/current')).json();
    expect(page.translations).toEqual({ es: { title: 'Especial de otoño', faq: [{ question: '¿Incluye cera?' }] } });
    const { localizedOffer } = await import('../../../shared/localized');
    expect(localizedOffer(page, 'es')).toEqual({ title: 'Especial de otoño', subtitle: 'One shine', faq: [{ question: '¿Incluye cera?', answer: 'Yes.' }, faq[1]] });
    expect(localizedOffer(page, 'fr')).toEqual({ title: liveOffer.title, subtitle: 'One shine', faq });
    const bad = await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, translations: { de: { title: 'Herbst' } } } });
    expect(bad.statusCode).toBe(400);
    const long = await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { ...liveOffer, translations: { fr: { title: 'x'.repeat(121) } } } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/French title/);
    await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: liveOffer });
    expect((await t.call('GET', '/api/offers/current')).json().translations).toEqual({});
  });
});
