import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed } from '../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { testPostgresUrl } from '../test/postgres';

/**
 * Two app instances on one PostgreSQL database enforce one rate limit (decision 026): attempts counted on A
 * and on B add up.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  if (!testPostgresUrl) throw new Error('Run with npm run test:pg (TEST_DATABASE_URL)');
  a = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  b = await createTestApp({ databaseUrl: a.databaseUrl!, now: MONDAY_9AM_PACIFIC });
  expect(a.handle.kind).toBe('postgres');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('rate limits across instances', () => {
  it('refuses the 31st booking hold from one client on B after 30 on A, and lets it through on either once ten minutes pass', async () => {
    const service = await serviceNamed(a, 'Full Detail');
    // A time already past: the hold is counted, then the booking is refused with 400 (no capacity is held).
    const hold = (app: TestApp) =>
      app.call('POST', '/api/bookings', {
        ip: '203.0.113.150',
        body: { serviceId: service.id, serviceType: 'mobile', slotId: '2026-05-29T10:00', address: HOME, guestEmail: 'spammer@example.com' },
      });
    const onA: number[] = [];
    for (let i = 0; i < 30; i++) onA.push((await hold(a)).statusCode);
    expect(onA).toEqual(Array(30).fill(400));
    const refused = await hold(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many bookings started. Please wait a few minutes and try again.' });
    expect((await hold(a)).statusCode).toBe(429);
    // Another client is unaffected.
    expect((await b.call('POST', '/api/bookings', { ip: '203.0.113.151', body: { serviceId: service.id, serviceType: 'mobile', slotId: '2026-05-29T10:00', address: HOME } })).statusCode).toBe(400);

    for (const app of [a, b]) app.clock.advance(10 * 60_000 + 1);
    expect((await hold(b)).statusCode).toBe(400);
  });

  it('adds up forgot-password requests for one account across instances: five in all, the sixth refused', async () => {
    const forgot = (app: TestApp) => app.call('POST', '/api/auth/forgot-password', { body: { email: 'shared-limit@example.com' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(i % 2 ? b : a)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
