import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAsGuest, MONDAY_9AM_PACIFIC } from '../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Real requests, otherwise valid, with a NUL or half a surrogate pair in one text field: PostgreSQL refuses
 * NUL in text, so each of these reached the database and answered 500 (503 where a provider call failed first).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, now: MONDAY_9AM_PACIFIC });
  // The demo's one technician has Tuesday 10:00 taken: two more, so the guests' bookings there find someone (decision 055).
  for (const n of [1, 2]) await t.createUser({ role: 'driver', fullName: `Extra Technician ${n}` });
}, 120_000);
afterAll(() => t.close());

const INVALID_TEXT = { code: 'INVALID_TEXT', message: expect.any(String) };

describe('text a database cannot store', () => {
  it('refuses a guest booking whose name holds a NUL, and books nothing', async () => {
    const response = await bookAsGuest(t, { guestName: 'Gale\u0000Guest' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ...INVALID_TEXT, params: { field: 'guestName' } });
    const clean = await bookAsGuest(t, { guestName: 'Gale Guest' });
    expect(clean.statusCode).toBe(201);
  });

  it('refuses notes holding a lone surrogate', async () => {
    const response = await bookAsGuest(t, { notes: 'gate code \ud83d' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ...INVALID_TEXT, params: { field: 'notes' } });
  });

  it('refuses a registration whose name holds a NUL', async () => {
    const response = await t.call('POST', '/api/auth/register', { body: { fullName: 'Nul\u0000Person', email: 'nul@example.com', phone: '4085550100', password: 'a-long-enough-password-1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ...INVALID_TEXT, params: { field: 'fullName' } });
  });

  it('refuses a NUL in a payment intent id with 400, not 503', async () => {
    const confirm = await t.call('POST', '/api/confirm-payment', { body: { paymentIntentId: 'pi_\u0000', bookingId: '00000000-0000-4000-8000-000000000000' } });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject(INVALID_TEXT);
  });

  it('refuses a NUL in an order lookup and in a search box', async () => {
    const lookup = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: '1001\u0000', email: 'a@example.com' } });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json()).toMatchObject(INVALID_TEXT);
    const search = await t.call('GET', '/api/admin/bookings?search=a%00b', { cookie: await t.login('admin@glint.local') });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ ...INVALID_TEXT, params: { field: 'search' } });
  });

  it('keeps a pair of surrogates (an emoji) as ordinary text', async () => {
    const response = await bookAsGuest(t, { notes: 'thanks 🚗' });
    expect(response.statusCode).toBe(201);
  });
});
