import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents, analyticsFunnelDays, analyticsSessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookAsGuest, HOME, MONDAY_9AM_PACIFIC, newKey, payWithTestCard, TUESDAY } from '../../test/checkout-fixtures';
import { createPackage, payPackageWithTestCard } from '../../test/package-fixtures';
import { insertEvents } from './analytics.repository';
import { purgeOldEvents, rollUpClosedDays } from './analytics.service';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const browser = { 'user-agent': CHROME };
const visit = (path = '/') => ({ eventType: 'page_visit', path, referrer: 'https://example.org/ad' });

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = (await t.createUser({ role: 'admin' })).cookie;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(analyticsFunnelDays);
  await t.ctx.db.delete(analyticsEvents);
  await t.ctx.db.delete(analyticsSessions);
});

const stored = () => t.ctx.db.select().from(analyticsEvents);
const send = (body: unknown, options: { headers?: Record<string, string>; cookie?: string; ip?: string } = {}) =>
  t.call('POST', '/api/analytics/events', { body, cookie: options.cookie, ip: options.ip, headers: { ...browser, ...options.headers } });

describe('POST /api/analytics/events', () => {
  it('keeps a batch with the address cut to its /24, the signed-in user and a session row', async () => {
    const { user, cookie } = await t.createUser();
    const response = await send({ sessionId: 'sess-abcdef12', events: [visit('/'), { eventType: 'service_selected', eventData: { serviceId: 'x' }, path: '/' }] }, { cookie, ip: '203.0.113.77' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.ipAddress === '203.0.113.0' && r.userId === user.id && r.sessionId === 'sess-abcdef12')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.77');
    const [session] = await t.ctx.db.select().from(analyticsSessions);
    expect(session).toMatchObject({ sessionId: 'sess-abcdef12', userId: user.id, isGuest: false, landingPage: '/', ipAddress: '203.0.113.0' });
  });

  it('keeps the earliest page visit as the landing page when beacons arrive out of order', async () => {
    const now = t.clock.now;
    await send({ sessionId: 'sess-order-001', events: [{ ...visit('/checkout'), at: new Date(now).toISOString() }] });
    await send({ sessionId: 'sess-order-001', events: [{ ...visit('/sww-offer'), at: new Date(now - 60_000).toISOString() }] });
    const [session] = await t.ctx.db.select().from(analyticsSessions);
    expect(session).toMatchObject({ landingPage: '/sww-offer', startedAt: new Date(now - 60_000) });
  });

  it('keeps an IPv6 visitor only to the /48', async () => {
    await send({ sessionId: 'sess-ipv6-0001', events: [visit()] }, { ip: '2001:db8:abcd:12::7' });
    expect((await stored())[0]!.ipAddress).toBe('2001:db8:abcd::');
  });

  it('drops everything when the browser sends Sec-GPC: 1', async () => {
    const response = await send({ sessionId: 'sess-gpc-0001', events: [visit()] }, { headers: { 'sec-gpc': '1' } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 0 });
    expect(await stored()).toHaveLength(0);
  });

  it('drops everything from an account that turned analytics off in its settings', async () => {
    const { user, cookie } = await t.createUser();
    await t.ctx.db.update(users).set({ settings: { analytics: false } }).where(eq(users.id, user.id));
    expect((await send({ sessionId: 'sess-optout-1', events: [visit()] }, { cookie })).json()).toEqual({ accepted: 0 });
    expect(await stored()).toHaveLength(0);
  });

  it('drops crawlers and headless browsers', async () => {
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36', 'curl/8.5.0']) {
      expect((await send({ sessionId: 'sess-bot-0001', events: [visit()] }, { headers: { 'user-agent': ua } })).json()).toEqual({ accepted: 0 });
    }
    expect(await stored()).toHaveLength(0);
  });

  it('reads a sendBeacon body sent as text/plain', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { ...browser, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ sessionId: 'sess-beacon-1', events: [visit('/sww-offer')] }),
    });
    expect(response.statusCode).toBe(202);
    expect((await stored())[0]!.path).toBe('/sww-offer');
  });

  it('answers bad batches with 400 and a message', async () => {
    const cases: unknown[] = [
      { sessionId: 'x', events: [visit()] },
      { sessionId: 'sess-bad-0001', events: [] },
      { sessionId: 'sess-bad-0001', events: Array.from({ length: 51 }, () => visit()) },
      { sessionId: 'sess-bad-0001', events: [{ eventType: 'payment_completed' }] },
      { sessionId: 'sess-bad-0001', events: [{ eventType: 'page_visit', path: 'x'.repeat(301) }] },
    ];
    for (const body of cases) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const junk = await t.app.inject({ method: 'POST', url: '/api/analytics/events', headers: { ...browser, 'content-type': 'text/plain' }, payload: '{not json' });
    expect(junk.statusCode).toBe(400);
  });

  it('rate-limits one address to 60 batches a minute', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 60; i++) expect((await send({ sessionId: 'sess-rate-0001', events: [visit()] }, { ip })).statusCode).toBe(202);
    const over = await send({ sessionId: 'sess-rate-0001', events: [visit()] }, { ip: '192.0.2.99' });
    expect(over.statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await send({ sessionId: 'sess-rate-0001', events: [visit()] }, { ip })).statusCode).toBe(202);
  });
});

describe('events the server records itself', () => {
  it('records account_created on registration, in the session the web client names', async () => {
    const response = await t.call('POST', '/api/auth/register', {
      headers: { ...browser, 'x-analytics-session': 'sess-signup-01' },
      body: { fullName: 'Ann Alytics', email: `ann-${Date.now()}@example.com`, phone: '4085550123', password: 'Sup3r-secret-pass-1' },
    });
    expect(response.statusCode).toBe(201);
    const rows = await stored();
    expect(rows.map((r) => [r.eventType, r.sessionId, r.userId])).toEqual([['account_created', 'sess-signup-01', response.json().user.id]]);
  });

  it('records nothing server-side under Sec-GPC: 1', async () => {
    const response = await bookAsGuestWith({ 'x-analytics-session': 'sess-gpc-00002', 'sec-gpc': '1' });
    expect(response.statusCode).toBe(201);
    expect(await stored()).toHaveLength(0);
  });

  it('records booking_created and, when the payment settles, payment_completed in the same session; never from the client', async () => {
    const booking = (await bookAsGuestWith({ 'x-analytics-session': 'sess-pay-00001' })).json();
    await payWithTestCard(t, booking);
    const rows = await stored();
    expect(rows.map((r) => r.eventType).sort()).toEqual(['booking_created', 'payment_completed']);
    expect(rows.every((r) => r.sessionId === 'sess-pay-00001')).toBe(true);
    expect(rows.find((r) => r.eventType === 'payment_completed')!.eventData).toMatchObject({ bookingId: booking.id, amount: booking.totalAmount });
    expect((await send({ sessionId: 'sess-pay-00001', events: [{ eventType: 'payment_completed' }] })).statusCode).toBe(400);
  });

  it('records payment_completed when a prepaid credit pays for the booking, in the session it was made in', async () => {
    const pkg = await createPackage(t, admin);
    const { user, cookie } = await t.createUser();
    const assigned = await t.call('POST', '/api/admin/package-purchases', { cookie: admin, body: { userId: user.id, packageId: pkg.id, paymentMethod: 'manual' } });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const booked = await t.call('POST', '/api/bookings', {
      cookie,
      headers: { ...browser, 'idempotency-key': newKey(), 'x-analytics-session': 'sess-credit-001' },
      body: { serviceId: pkg.serviceId, serviceType: 'mobile', slotId: `${TUESDAY}T10:30`, address: HOME, packagePurchaseId: assigned.json().id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const rows = (await stored()).filter((r) => r.sessionId === 'sess-credit-001');
    expect(rows.map((r) => r.eventType).sort()).toEqual(['booking_created', 'payment_completed']);
    expect(rows.find((r) => r.eventType === 'payment_completed')!.eventData).toMatchObject({ bookingId: booked.json().id, amount: '0.00' });
  });
});

async function bookAsGuestWith(headers: Record<string, string>) {
  const original = t.call;
  // bookAsGuest goes through t.call; add the browser's headers to that one request.
  t.call = (method, url, options = {}) => original(method, url, { ...options, headers: { ...browser, ...headers, ...(options.headers ?? {}) } });
  try {
    return await bookAsGuest(t);
  } finally {
    t.call = original;
  }
}

describe('GET /api/admin/analytics/funnel', () => {
  const at = (minute: number) => new Date(MONDAY_9AM_PACIFIC - 86_400_000 + minute * 60_000);
  const ev = (sessionId: string, eventType: string, minute: number) => ({
    sessionId,
    eventType,
    createdAt: at(minute),
    userId: null,
    eventData: null,
    userAgent: CHROME,
    ipAddress: null,
    referrer: null,
    path: null,
  });

  it('counts each session once per step, and only after the steps before it (a hand-computed example)', async () => {
    // s1: the whole way, as a guest                       → visit, guest, service, payment, completed
    // s2: visit, account, service, then leaves            → visit, account, service
    // s3: service chosen before any visit, visit later    → visit only (the service came first)
    // s4: visit, payment_initiated without a service      → visit only (skipped a step)
    // s5: two visits and two services                     → counted once: visit, service
    // s6: no page visit at all, just a completion         → nothing
    // s7: visit, service, payment, then completed *before* the payment (clock noise) → visit, service, payment
    const events = [
      ...['page_visit', 'guest_checkout', 'service_selected', 'payment_initiated', 'payment_completed'].map((type, i) => ev('s1', type, i)),
      ...['page_visit', 'account_created', 'service_selected'].map((type, i) => ev('s2', type, i)),
      ev('s3', 'service_selected', 1),
      ev('s3', 'page_visit', 2),
      ev('s4', 'page_visit', 1),
      ev('s4', 'payment_initiated', 2),
      ev('s5', 'page_visit', 1),
      ev('s5', 'page_visit', 2),
      ev('s5', 'service_selected', 3),
      ev('s5', 'service_selected', 4),
      ev('s6', 'payment_completed', 1),
      ev('s7', 'page_visit', 1),
      ev('s7', 'service_selected', 2),
      ev('s7', 'payment_completed', 3),
      ev('s7', 'payment_initiated', 4),
    ];
    for (const e of events) await insertEvents(t.ctx.db, [e]);

    const response = await t.call('GET', '/api/admin/analytics/funnel', { cookie: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      page_visits: 7 - 1, // s1–s5, s7
      account_created: 1, // s2
      guest_checkout: 1, // s1
      service_selected: 4, // s1, s2, s5, s7
      payment_initiated: 2, // s1, s7
      payment_completed: 1, // s1
      conversion_rates: {
        visitor_to_account: 16.67, // 1/6
        visitor_to_guest: 16.67,
        visitor_to_service: 66.67, // 4/6
        service_to_payment: 50, // 2/4
        payment_to_completion: 50, // 1/2
        overall_conversion: 16.67, // 1/6
      },
    });

    // Outside the range: nothing.
    const before = await t.call('GET', '/api/admin/analytics/funnel?startDate=2026-01-01&endDate=2026-01-31', { cookie: admin });
    expect(before.json()).toMatchObject({ page_visits: 0, payment_completed: 0, conversion_rates: { overall_conversion: 0 } });
  });

  it('gives the same funnel from the nightly rollup of a closed day as from the live events', async () => {
    const day = new Date(MONDAY_9AM_PACIFIC - 5 * 86_400_000);
    const e = (sessionId: string, eventType: string, minute: number) => ({ ...ev(sessionId, eventType, 0), createdAt: new Date(day.getTime() + minute * 60_000) });
    for (const row of [e('r1', 'page_visit', 0), e('r1', 'service_selected', 1), e('r1', 'payment_initiated', 2), e('r2', 'page_visit', 0), e('r2', 'payment_initiated', 1)]) {
      await insertEvents(t.ctx.db, [row]);
    }
    const query = '/api/admin/analytics/funnel?startDate=2026-05-20&endDate=2026-05-29';
    const first = (await t.call('GET', query, { cookie: admin })).json();
    expect(first).toMatchObject({ page_visits: 2, service_selected: 1, payment_initiated: 1, payment_completed: 0 });
    const rows = await t.ctx.db.select().from(analyticsFunnelDays);
    expect(rows.map((r) => [r.day, r.pageVisits, r.paymentInitiated])).toEqual([['2026-05-27', 2, 1]]);
    expect(await rollUpClosedDays(t.ctx)).toEqual([]);
    expect((await t.call('GET', query, { cookie: admin })).json()).toEqual(first);
  });

  it('lists the latest events (50 a page) and sessions (20 a page) for the range', async () => {
    for (let i = 0; i < 25; i++) await send({ sessionId: `sess-list-${String(i).padStart(4, '0')}`, events: [visit(), visit('/booking'), visit('/checkout')] });
    const events = (await t.call('GET', '/api/admin/analytics/events', { cookie: admin })).json();
    expect(events).toMatchObject({ page: 1, pageSize: 50, total: 75 });
    expect(events.items).toHaveLength(50);
    const sessions = (await t.call('GET', '/api/admin/analytics/sessions?page=2', { cookie: admin })).json();
    expect(sessions).toMatchObject({ page: 2, pageSize: 20, total: 25 });
    expect(sessions.items).toHaveLength(5);
    expect(sessions.items[0].events).toBe(3);
    const daily = (await t.call('GET', '/api/admin/analytics/daily?startDate=2026-05-25', { cookie: admin })).json();
    expect(daily.days.at(-1)).toMatchObject({ date: '2026-06-01', visits: 25 });
  });

  it('refuses customers and visitors, and answers a bad range with 400', async () => {
    const { cookie } = await t.createUser();
    for (const path of ['funnel', 'events', 'sessions', 'daily']) {
      expect((await t.call('GET', `/api/admin/analytics/${path}`)).statusCode).toBe(401);
      expect((await t.call('GET', `/api/admin/analytics/${path}`, { cookie })).statusCode).toBe(403);
    }
    const backwards = await t.call('GET', '/api/admin/analytics/funnel?startDate=2026-05-10&endDate=2026-05-01', { cookie: admin });
    expect(backwards.statusCode).toBe(400);
    expect((await t.call('GET', '/api/admin/analytics/funnel?startDate=yesterday', { cookie: admin })).statusCode).toBe(400);
  });
});

describe('daily revenue', () => {
  const DAY = '2026-05-28';
  const THAT_AFTERNOON = '2026-05-28T21:00:00Z';
  const revenueOn = async (day: string) => {
    const response = await t.call('GET', '/api/admin/analytics/daily?startDate=2026-05-25', { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { days: Array<{ date: string; revenue: string }> }).days.find((d) => d.date === day)!.revenue;
  };
  const cents = (dollars: string) => Math.round(Number(dollars) * 100);

  it('counts a package paid by card or cash on the day it was paid, never a complimentary one, and not again for a booking redeemed with its credit', async () => {
    const pkg = await createPackage(t, admin);
    const before = await revenueOn(DAY);

    const { user, cookie } = await t.createUser();
    const { paymentIntentId, card } = await payPackageWithTestCard(t, cookie, pkg.id);
    expect(card.statusCode, card.body).toBe(200);
    const [bought] = (await t.handle.executeSql(`update package_purchases set created_at = $2 where payment_intent_id = $1 returning id, paid_by`, [paymentIntentId, THAT_AFTERNOON])).rows;
    expect(bought).toMatchObject({ paid_by: 'card' });
    expect(cents(await revenueOn(DAY)) - cents(before)).toBe(cents(pkg.packagePrice));

    // Cash taken by the business is money received too; a complimentary package is not.
    const assign = async (body: Record<string, unknown>) => {
      const response = await t.call('POST', '/api/admin/package-purchases', { cookie: admin, body: { userId: user.id, packageId: pkg.id, ...body } });
      expect(response.statusCode, response.body).toBe(201);
      await t.handle.executeSql(`update package_purchases set created_at = $2 where id = $1`, [response.json().id, THAT_AFTERNOON]);
    };
    await assign({ paymentMethod: 'cash', amountPaid: '150' });
    await assign({ paymentMethod: 'manual' });
    const withCash = await revenueOn(DAY);
    expect(cents(withCash) - cents(before)).toBe(cents(pkg.packagePrice) + 15_000);

    // The booking the credit pays for brings no new money, whatever day its ledger row is dated.
    const booked = await t.call('POST', '/api/bookings', {
      cookie,
      headers: { ...browser, 'idempotency-key': newKey() },
      body: { serviceId: pkg.serviceId, serviceType: 'mobile', slotId: `${TUESDAY}T13:00`, address: HOME, packagePurchaseId: bought!.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await t.handle.executeSql(`update booking_payments set created_at = $2 where booking_id = $1`, [booked.json().id, THAT_AFTERNOON]);
    await t.handle.executeSql(`update bookings set created_at = $2 where id = $1`, [booked.json().id, THAT_AFTERNOON]);
    expect(await revenueOn(DAY)).toBe(withCash);
  });
});

describe('the purge job', () => {
  it('deletes events older than 13 months and keeps the rest', async () => {
    const now = new Date(t.clock.now);
    const old = new Date(now);
    old.setUTCMonth(old.getUTCMonth() - 13);
    old.setUTCDate(old.getUTCDate() - 1);
    const recent = new Date(now);
    recent.setUTCMonth(recent.getUTCMonth() - 12);
    const row = { sessionId: 'sess-purge-01', userId: null, eventType: 'page_visit', eventData: null, userAgent: null, ipAddress: null, referrer: null, path: '/' };
    await insertEvents(t.ctx.db, [{ ...row, createdAt: old }]);
    await insertEvents(t.ctx.db, [{ ...row, sessionId: 'sess-purge-02', createdAt: recent }]);
    expect(await purgeOldEvents(t.ctx)).toBe(1);
    expect((await stored()).map((r) => r.sessionId)).toEqual(['sess-purge-02']);
  });
});
