import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingUpdates } from '../../db/schema';
import { HOME, MONDAY_9AM_PACIFIC, payWithTestCard, serviceNamed } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { networkOf, VISITOR_COOKIE } from './holder';

/**
 * One client could hold a whole day: each hold keeps its time for 15 minutes, and a script could start
 * dozens. A visitor keeps at most two live checkouts; a new checkout of the same service replaces the old.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC, env: { GUEST_HOLDS_PER_IP: '3' } });
});
afterAll(() => t.close());

const LIMIT = { code: 'HOLD_LIMIT_REACHED', message: 'You already have 2 checkouts in progress. Finish paying for one, or wait until its time runs out, then try again.', params: { max: 2 } };

async function hold(service: string, slot: string, who: { cookie?: string; ip?: string; guest?: boolean } = {}) {
  const { id } = await serviceNamed(t, service);
  return t.call('POST', '/api/bookings', {
    ...(who.cookie ? { cookie: who.cookie } : {}),
    ...(who.ip ? { ip: who.ip } : {}),
    body: { serviceId: id, serviceType: 'mobile', slotId: slot, address: HOME, ...(who.guest ? { guestEmail: 'holder@example.com', guestName: 'Holly Holder' } : {}) },
  });
}

const statusOf = async (id: string) => (await t.ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;
const visitorCookie = (response: { cookies: Array<{ name: string; value: string }> }) => response.cookies.find((c) => c.name === VISITOR_COOKIE);

describe('live checkout holds per visitor', () => {
  it('refuses a signed-in customer’s third live hold with 429 and a message', async () => {
    const { cookie } = await t.createUser();
    expect((await hold('Full Detail', '2026-06-02T09:00', { cookie })).statusCode).toBe(201);
    expect((await hold('Interior Refresh', '2026-06-02T13:00', { cookie })).statusCode).toBe(201);
    const third = await hold('Wash & Wax', '2026-06-02T14:00', { cookie });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(LIMIT);
  });

  it('replaces the hold of the same service instead of stacking, freeing its time', async () => {
    const { cookie } = await t.createUser();
    const first = (await hold('Express Exterior Wash', '2026-06-03T10:00', { cookie })).json() as { id: string };
    // Two other customers fill the rest of 10:00 (capacity 3): only the released hold makes room again.
    for (let i = 0; i < 2; i++) expect((await hold('Express Exterior Wash', '2026-06-03T10:00', { cookie: (await t.createUser()).cookie })).statusCode).toBe(201);
    expect((await hold('Express Exterior Wash', '2026-06-03T10:00', { cookie: (await t.createUser()).cookie })).json()).toMatchObject({ code: 'SLOT_FULL' });
    const second = await hold('Express Exterior Wash', '2026-06-03T10:00', { cookie });
    expect(second.statusCode).toBe(201);
    expect(await statusOf(first.id)).toBe('cancelled');
    const [update] = await t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, first.id));
    expect(update).toMatchObject({ kind: 'hold_expired', params: { reason: 'replaced' } });
    // Two live holds at most, whichever services: the replaced one no longer counts.
    expect((await hold('Headlight Restoration', '2026-06-03T11:00', { cookie })).statusCode).toBe(201);
    expect((await hold('Interior Refresh', '2026-06-03T13:00', { cookie })).statusCode).toBe(429);
  });

  it('counts a paid booking as a booking, not a hold', async () => {
    const { cookie } = await t.createUser();
    const paid = (await hold('Full Detail', '2026-06-04T09:00', { cookie })).json() as { id: string };
    await payWithTestCard(t, paid, { cookie });
    expect(await statusOf(paid.id)).toBe('confirmed');
    expect((await hold('Full Detail', '2026-06-04T13:00', { cookie })).statusCode).toBe(201);
    expect(await statusOf(paid.id)).toBe('confirmed');
    expect((await hold('Interior Refresh', '2026-06-04T10:00', { cookie })).statusCode).toBe(201);
    expect((await hold('Wash & Wax', '2026-06-04T11:00', { cookie })).statusCode).toBe(429);
  });

  it('knows a guest by the visitor cookie it sets, on the network it came from', async () => {
    const ip = '203.0.113.40';
    const first = await hold('Full Detail', '2026-06-05T09:00', { ip, guest: true });
    expect(first.statusCode).toBe(201);
    const visitor = visitorCookie(first);
    expect(visitor).toMatchObject({ httpOnly: true, path: '/api/bookings' });
    const cookie = `${VISITOR_COOKIE}=${visitor!.value}`;
    expect((await hold('Interior Refresh', '2026-06-05T09:00', { ip, cookie, guest: true })).statusCode).toBe(201);
    const third = await hold('Wash & Wax', '2026-06-05T13:00', { ip, cookie, guest: true });
    expect(third.statusCode).toBe(429);
    expect(visitorCookie(third)).toBeUndefined();
    expect(third.json()).toEqual(LIMIT);
  });

  it('caps live guest holds per network, so dropping the cookie gains nothing', async () => {
    const ip = '203.0.113.41';
    const services = ['Full Detail', 'Interior Refresh', 'Wash & Wax', 'Headlight Restoration'];
    const answers = [];
    for (const service of services) answers.push(await hold(service, '2026-06-09T09:00', { ip, guest: true }));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    expect(answers[3]!.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    // Another network is not affected.
    expect((await hold('Headlight Restoration', '2026-06-09T13:00', { ip: '203.0.113.42', guest: true })).statusCode).toBe(201);
    const held = await t.ctx.db.select({ network: bookings.holderNetwork }).from(bookings).where(inArray(bookings.id, answers.slice(0, 3).map((r) => (r.json() as { id: string }).id)));
    // The network is kept hashed, never the address itself.
    expect(held.every((row) => row.network && !row.network.includes('203.0.113'))).toBe(true);
  });

  it('groups IPv6 clients by their /64', () => {
    expect(networkOf('2001:db8:aa:bb:1:2:3:4')).toBe(networkOf('2001:0db8:00aa:00bb::9'));
    expect(networkOf('2001:db8:aa:bc::1')).not.toBe(networkOf('2001:db8:aa:bb::1'));
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });
});
