import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, standingOccurrences } from '../../db/schema';
import { saveCard } from '../../test/account-fixtures';
import { HOME, serviceNamed } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

const DAY = 24 * 60 * 60 * 1000;
// Monday 19 October 2026, 9 AM Pacific (PDT); the clocks go back on Sunday 1 November.
const MONDAY_BEFORE_DST_END = Date.parse('2026-10-19T16:00:00Z');

let t: TestApp;
let serviceId: string;
// A fresh sign-in each time: the tests move the clock past an admin session's life.
const admin = () => t.login('admin@glint.local');

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_BEFORE_DST_END });
  serviceId = (await serviceNamed(t, 'Express Exterior Wash')).id;
});
afterAll(() => t.close());

async function plan(body: { count: number; everyWeeks: number | null }): Promise<string> {
  const name = `Standing Club ${Math.random().toString(36).slice(2, 7)}`;
  const response = await t.call('POST', '/api/admin/membership-plans', {
    cookie: await admin(),
    body: { name, pricePerMonth: '59.00', grants: [{ serviceId, count: body.count }], standing: body.everyWeeks ? { everyWeeks: body.everyWeeks } : null },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A customer with a saved card and a saved (geocoded) home, subscribed to the plan. */
async function member(planId: string) {
  const { cookie, user } = await t.createUser({ role: 'customer' });
  const card = await saveCard(t, user.id);
  const address = await t.call('POST', '/api/addresses', { cookie, body: HOME });
  expect(address.statusCode, address.body).toBe(201);
  const subscribed = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId, paymentMethodId: card.id } });
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  return { cookie, user, membershipId: subscribed.json().membershipId as string, addressId: address.json().id as string };
}

const runJob = async () => {
  const response = await t.call('POST', '/api/dev/standing-appointments');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { booked: number; full: number; noCredit: number };
};

async function bookingsOf(cookie: string) {
  return ((await t.call('GET', '/api/bookings', { cookie })).json() as { items: Array<{ id: string; scheduledDate: string; status: string; paymentStatus: string }> }).items;
}

async function mailsTo(to: string) {
  return ((await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string; text: string; links: string[] }>).filter((m) => m.to === to);
}

describe('standing appointments', () => {
  it('refuses a standing appointment the plan does not offer, another customer’s address or a service outside the plan', async () => {
    const plain = await member(await plan({ count: 2, everyWeeks: null }));
    const choice = { weekday: 2, time: '10:00', serviceId, addressId: plain.addressId };
    expect((await t.call('PUT', `/api/user/memberships/${plain.membershipId}/standing`, { cookie: plain.cookie, body: choice })).json().code).toBe('STANDING_NOT_OFFERED');

    const offered = await member(await plan({ count: 2, everyWeeks: 2 }));
    const foreign = await t.call('PUT', `/api/user/memberships/${offered.membershipId}/standing`, { cookie: offered.cookie, body: { ...choice, addressId: plain.addressId } });
    expect(foreign.statusCode).toBe(404);
    const otherService = (await serviceNamed(t, 'Full Detail')).id;
    const outside = await t.call('PUT', `/api/user/memberships/${offered.membershipId}/standing`, { cookie: offered.cookie, body: { ...choice, addressId: offered.addressId, serviceId: otherService } });
    expect(outside.statusCode).toBe(400);
    expect((await t.call('PUT', `/api/user/memberships/${offered.membershipId}/standing`, { cookie: plain.cookie, body: { ...choice, addressId: plain.addressId } })).statusCode).toBe(404);
    const stopped = await t.call('DELETE', `/api/user/memberships/${offered.membershipId}/standing`, { cookie: offered.cookie });
    expect(stopped.json().code).toBe('STANDING_NOT_FOUND');
  });

  it('books every second Tuesday at 10 AM Pacific on both sides of the DST change, paid with a membership credit, once however often the job runs', async () => {
    const m = await member(await plan({ count: 4, everyWeeks: 2 }));
    const set = await t.call('PUT', `/api/user/memberships/${m.membershipId}/standing`, { cookie: m.cookie, body: { weekday: 2, time: '10:00', serviceId, addressId: m.addressId } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().standing).toMatchObject({ everyWeeks: 2, weekday: 2, time: '10:00', nextDate: '2026-10-20', serviceName: 'Express Exterior Wash', address: expect.stringContaining('425 Park Ave') });

    expect((await runJob()).booked).toBeGreaterThanOrEqual(1);
    // Twice more: the same day's run, and a second worker, book nothing new.
    await runJob();
    await runJob();
    let mine = await bookingsOf(m.cookie);
    expect(mine.map((b) => b.scheduledDate)).toEqual(['2026-10-20T17:00:00.000Z']);
    expect(mine[0]).toMatchObject({ status: 'confirmed', paymentStatus: 'package' });

    // A week on: the next occurrence (two weeks after the first, after the clocks went back) is in the window.
    t.clock.advance(7 * DAY);
    await runJob();
    await runJob();
    mine = await bookingsOf(m.cookie);
    expect(mine.map((b) => b.scheduledDate).sort()).toEqual(['2026-10-20T17:00:00.000Z', '2026-11-03T18:00:00.000Z']);
    const view = (await t.call('GET', '/api/user/memberships', { cookie: m.cookie })).json()[0];
    expect(view.creditsLeft).toBe(2);
    expect(view.standing.recent.map((o: { date: string; outcome: string }) => [o.date, o.outcome])).toEqual([
      ['2026-11-03', 'booked'],
      ['2026-10-20', 'booked'],
    ]);
    // The database holds one row per membership and date.
    const rows = await t.ctx.db.select().from(standingOccurrences).where(eq(standingOccurrences.membershipId, m.membershipId));
    expect(rows).toHaveLength(2);

    // The owner sees it on the members list.
    const members = (await t.call('GET', '/api/admin/members', { cookie: await admin() })).json();
    expect(members.items.find((row: { id: string }) => row.id === m.membershipId).standing).toMatchObject({ everyWeeks: 2, weekday: 2, time: '10:00' });

    // Stopped, nothing more is booked; what was booked stays.
    expect((await t.call('DELETE', `/api/user/memberships/${m.membershipId}/standing`, { cookie: m.cookie })).statusCode).toBe(200);
    t.clock.advance(14 * DAY);
    await runJob();
    expect(await bookingsOf(m.cookie)).toHaveLength(2);
  });

  it('books nothing when the time is not free, e-mails the customer once with a link to choose another time, and spends no credit', async () => {
    const m = await member(await plan({ count: 2, everyWeeks: 1 }));
    const today = new Date(t.clock.now);
    // The next Thursday at 11:00: the owner blocks it first.
    const set = await t.call('PUT', `/api/user/memberships/${m.membershipId}/standing`, { cookie: m.cookie, body: { weekday: 4, time: '11:00', serviceId, addressId: m.addressId } });
    expect(set.statusCode, set.body).toBe(200);
    const first = set.json().standing.nextDate as string;
    expect(new Date(`${first}T12:00:00Z`).getTime()).toBeGreaterThan(today.getTime() - DAY);
    const blocked = await t.call('POST', '/api/admin/blocked-time', { cookie: await admin(), body: { date: first, startTime: '11:00', endTime: '12:00', reason: 'Van in the shop' } });
    expect(blocked.statusCode, blocked.body).toBe(201);

    await runJob();
    await runJob();
    const mine = await bookingsOf(m.cookie);
    expect(mine.some((b) => b.scheduledDate.startsWith(first))).toBe(false);
    const told = (await mailsTo(m.user.email)).filter((mail) => mail.subject.startsWith('We could not book your standing visit'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('already taken');
    expect(told[0]!.links.some((link) => link.includes(`serviceId=${serviceId}`))).toBe(true);
    const view = (await t.call('GET', '/api/user/memberships', { cookie: m.cookie })).json()[0];
    expect(view.standing.recent.find((o: { date: string }) => o.date === first)).toMatchObject({ outcome: 'full', bookingId: null });
    // The other week in the window was booked with one of the two credits; the blocked one spent none.
    expect(view.creditsLeft).toBe(2 - mine.length);
  });

  it('books nothing when no membership credit is left and tells the customer', async () => {
    const m = await member(await plan({ count: 1, everyWeeks: 1 }));
    const set = await t.call('PUT', `/api/user/memberships/${m.membershipId}/standing`, { cookie: m.cookie, body: { weekday: 5, time: '13:00', serviceId, addressId: m.addressId } });
    expect(set.statusCode, set.body).toBe(200);
    // Two Fridays fall in the next 14 days; the one credit books the first.
    await runJob();
    const mine = await bookingsOf(m.cookie);
    expect(mine).toHaveLength(1);
    const booked = await t.ctx.db.select({ source: bookings.source }).from(bookings).where(eq(bookings.id, mine[0]!.id));
    expect(booked[0]!.source).toBe('standing');
    const told = (await mailsTo(m.user.email)).filter((mail) => mail.subject.startsWith('We could not book your standing visit'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('no membership credit is left');
    await runJob();
    expect((await mailsTo(m.user.email)).filter((mail) => mail.subject.startsWith('We could not book your standing visit'))).toHaveLength(1);
  });
});
