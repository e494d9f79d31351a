import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { membershipPeriods, packagePurchases } from '../../db/schema';
import { saveCard } from '../../test/account-fixtures';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { renewDueMemberships } from './index';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let admin: string;
let serviceId: string;
let planId: string;

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = (await t.createUser({ role: 'admin' })).cookie;
  serviceId = (await serviceNamed(t, 'Express Exterior Wash')).id;
  const plan = await t.call('POST', '/api/admin/membership-plans', { cookie: admin, body: { name: 'Monthly Wash Club', pricePerMonth: '39.00', grants: [{ serviceId, count: 2 }] } });
  expect(plan.statusCode, plan.body).toBe(201);
  planId = plan.json().id;
});
afterAll(() => t.close());

async function customer() {
  const created = await t.createUser({ role: 'customer' });
  return { ...created, card: await saveCard(t, created.user.id) };
}

async function subscribeWithSavedCard(cookie: string, paymentMethodId: string) {
  const response = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId, paymentMethodId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().membershipId as string;
}

/** Subscribes through the card form with a test card number; answers the membership's id. */
async function subscribeWithCardForm(cookie: string, number: string) {
  const start = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId } });
  expect(start.statusCode, start.body).toBe(200);
  const { paymentIntentId, clientSecret } = start.json();
  const card = await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId, clientSecret, number, expMonth: 12, expYear: 2030, cvc: '123', saveCard: false } });
  expect(card.statusCode, card.body).toBe(200);
  const confirmed = await t.call('POST', '/api/memberships/confirm', { cookie, body: { paymentIntentId } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { id: confirmed.json().id as string, paymentIntentId: paymentIntentId as string };
}

async function mine(cookie: string) {
  const response = await t.call('GET', '/api/user/memberships', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<{ id: string; status: string; creditsLeft: number; nextRenewalAt: string | null; cancelAtPeriodEnd: boolean; unpaidPeriodId: string | null }>;
}

/** Moves the app clock just past the membership's month and runs the renewal job's handler. */
async function renewAfterMonth(days = 31) {
  t.clock.advance(days * DAY);
  return renewDueMemberships(t.ctx);
}

describe('plans', () => {
  it('lists the plan with its grants for the admin and the store, and refuses a plan without credits or with an unknown service', async () => {
    const store = (await t.call('GET', '/api/memberships/plans')).json();
    expect(store).toContainEqual(expect.objectContaining({ id: planId, pricePerMonth: '39.00', grants: [{ serviceId, serviceName: 'Express Exterior Wash', count: 2 }] }));
    const empty = await t.call('POST', '/api/admin/membership-plans', { cookie: admin, body: { name: 'x', pricePerMonth: '10', grants: [] } });
    expect(empty.statusCode).toBe(400);
    const unknown = await t.call('POST', '/api/admin/membership-plans', { cookie: admin, body: { name: 'x', pricePerMonth: '10', grants: [{ serviceId: '00000000-0000-4000-8000-000000000000', count: 1 }] } });
    expect(unknown.statusCode).toBe(404);
    const { cookie } = await t.createUser({ role: 'customer' });
    expect((await t.call('POST', '/api/admin/membership-plans', { cookie, body: { name: 'x', pricePerMonth: '10', grants: [{ serviceId, count: 1 }] } })).statusCode).toBe(403);
  });

  it('keeps the hidden credit packages out of the package store and the admin list', async () => {
    const { cookie, card } = await customer();
    await subscribeWithSavedCard(cookie, card.id);
    const store = (await t.call('GET', '/api/packages')).json() as Array<{ name: string }>;
    const adminList = (await t.call('GET', '/api/admin/packages', { cookie: admin })).json() as Array<{ name: string }>;
    expect([...store, ...adminList].some((p) => p.name.startsWith('Membership'))).toBe(false);
  });
});

describe('subscribing', () => {
  it('subscribes with a saved card: the first month is paid and its credits are package credits the customer books with', async () => {
    const { cookie, card, user } = await customer();
    const id = await subscribeWithSavedCard(cookie, card.id);
    const [membership] = await mine(cookie);
    expect(membership).toMatchObject({ id, status: 'active', creditsLeft: 2, cancelAtPeriodEnd: false, unpaidPeriodId: null });
    // The month being used: from the subscribe to a calendar month later.
    expect(membership).toMatchObject({ currentPeriodStart: t.ctx.now().toISOString() });
    expect(new Date((membership as unknown as { currentPeriodEnd: string }).currentPeriodEnd).getUTCDate()).toBe(t.ctx.now().getUTCDate());
    const usable = (await t.call('GET', `/api/user/packages/usable?serviceId=${serviceId}`, { cookie })).json() as Array<{ id: string }>;
    expect(usable).toHaveLength(1);
    const booking = await t.call('POST', '/api/bookings', {
      cookie,
      headers: { 'idempotency-key': newKey() },
      body: { serviceId, serviceType: 'mobile', slotId: `${TUESDAY}T09:00`, address: HOME, packagePurchaseId: usable[0]!.id },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    expect((await mine(cookie))[0]!.creditsLeft).toBe(1);
    const again = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId, paymentMethodId: card.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('MEMBERSHIP_EXISTS');
    const purchases = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.userId, user.id));
    expect(purchases).toHaveLength(1);
  });

  it('answers a repeated saved-card subscribe with the same Idempotency-Key as the first: one membership, one charge', async () => {
    const { cookie, card, user } = await customer();
    const headers = { 'idempotency-key': newKey() };
    const first = await t.call('POST', '/api/memberships/subscribe', { cookie, headers, body: { planId, paymentMethodId: card.id } });
    expect(first.statusCode, first.body).toBe(200);
    const repeat = await t.call('POST', '/api/memberships/subscribe', { cookie, headers, body: { planId, paymentMethodId: card.id } });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().membershipId).toBe(first.json().membershipId);
    expect(await mine(cookie)).toHaveLength(1);
    const purchases = await t.ctx.db.select().from(packagePurchases).where(eq(packagePurchases.userId, user.id));
    expect(purchases).toHaveLength(1);
    // Without the key the same click is refused: the customer has this membership already.
    expect((await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId, paymentMethodId: card.id } })).json().code).toBe('MEMBERSHIP_EXISTS');
  });

  it('subscribes through the card form: the confirm makes one membership however often it is repeated, and keeps the card', async () => {
    const { cookie } = await t.createUser({ role: 'customer' });
    const start = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId } });
    expect(start.json().membershipId).toBeNull();
    const early = await t.call('POST', '/api/memberships/confirm', { cookie, body: { paymentIntentId: start.json().paymentIntentId } });
    expect(early.json().code).toBe('PAYMENT_NOT_COMPLETED');
    // The same request again answers the same payment; the card form pays it.
    const { id, paymentIntentId } = await subscribeWithCardForm(cookie, '4242 4242 4242 4242');
    expect(paymentIntentId).toBe(start.json().paymentIntentId);
    const first = await t.call('POST', '/api/memberships/confirm', { cookie, body: { paymentIntentId } });
    expect(first.json().id).toBe(id);
    const second = await t.call('POST', '/api/memberships/confirm', { cookie, body: { paymentIntentId } });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await mine(cookie)).toHaveLength(1);
    expect((await mine(cookie))[0]!.creditsLeft).toBe(2);
    const cards = (await t.call('GET', '/api/payment-methods', { cookie })).json() as unknown[];
    expect(cards).toHaveLength(1);
    const stranger = await t.createUser({ role: 'customer' });
    expect((await t.call('POST', '/api/memberships/confirm', { cookie: stranger.cookie, body: { paymentIntentId } })).statusCode).toBe(403);
  });

  it('refuses an inactive plan and someone else’s card', async () => {
    const { cookie } = await customer();
    const other = await customer();
    const response = await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId, paymentMethodId: other.card.id } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('PAYMENT_METHOD_NOT_FOUND');
    const off = await t.call('POST', '/api/admin/membership-plans', { cookie: admin, body: { name: 'Retired', pricePerMonth: '10', grants: [{ serviceId, count: 1 }], isActive: false } });
    expect((await t.call('POST', '/api/memberships/subscribe', { cookie, body: { planId: off.json().id } })).json().code).toBe('PLAN_NOT_FOUND');
  });
});

describe('renewals by the app clock', () => {
  it('renews after a month and grants the month’s credits once, however often the job runs', async () => {
    const { cookie, card } = await customer();
    const id = await subscribeWithSavedCard(cookie, card.id);
    const before = (await mine(cookie))[0]!;
    expect(before.creditsLeft).toBe(2);
    const result = await renewAfterMonth();
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    await renewDueMemberships(t.ctx);
    const after = (await mine(cookie))[0]!;
    expect(after).toMatchObject({ id, status: 'active', creditsLeft: 4 });
    expect(Date.parse(after.nextRenewalAt!)).toBeGreaterThan(Date.parse(before.nextRenewalAt!));
    const periods = await t.ctx.db.select().from(membershipPeriods).where(eq(membershipPeriods.membershipId, id)).orderBy(asc(membershipPeriods.periodStart));
    expect(periods.map((p) => p.status)).toEqual(['paid', 'paid']);
  });

  it('a renewal that dies between moving the month and charging it is charged by the next run, once', async () => {
    const { cookie, card } = await customer();
    const id = await subscribeWithSavedCard(cookie, card.id);
    t.clock.advance(31 * DAY);
    // The provider never answers: the run stops after moving the month, as a killed process would.
    const createIntent = t.ctx.payments.createIntent.bind(t.ctx.payments);
    const hung = vi.spyOn(t.ctx.payments, 'createIntent').mockImplementation((request) => (request.metadata?.membershipId === id ? new Promise(() => {}) : createIntent(request)));
    void renewDueMemberships(t.ctx);
    const periodsOf = () => t.ctx.db.select().from(membershipPeriods).where(eq(membershipPeriods.membershipId, id)).orderBy(asc(membershipPeriods.periodStart));
    await vi.waitFor(async () => expect((await periodsOf()).map((p) => p.status)).toEqual(['paid', 'pending']));
    hung.mockRestore();
    // Within the grace the month is left to the run that began it; after it, the next run charges it.
    await renewDueMemberships(t.ctx);
    expect((await periodsOf()).map((p) => p.status)).toEqual(['paid', 'pending']);
    t.clock.advance(11 * 60_000);
    await renewDueMemberships(t.ctx);
    await renewDueMemberships(t.ctx);
    expect((await periodsOf()).map((p) => p.status)).toEqual(['paid', 'paid']);
    expect((await mine(cookie))[0]).toMatchObject({ id, status: 'active', creditsLeft: 4 });
  });

  it('a failed renewal e-mails a reminder once and withholds the credits; paid later with another card, they are granted once', async () => {
    const { cookie, user } = await t.createUser({ role: 'customer' });
    // Stripe's 4000 0000 0000 0341: the first payment goes through, later charges of the kept card are declined.
    const { id } = await subscribeWithCardForm(cookie, '4000 0000 0000 0341');
    const failing = ((await t.call('GET', '/api/payment-methods', { cookie })).json() as Array<{ id: string; last4: string }>)[0]!;
    expect(failing.last4).toBe('0341');
    await renewAfterMonth();
    await renewDueMemberships(t.ctx);
    const overdue = (await mine(cookie))[0]!;
    expect(overdue).toMatchObject({ id, status: 'past_due', creditsLeft: 2 });
    expect(overdue.unpaidPeriodId).not.toBeNull();
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toBe('Your Monthly Wash Club membership payment did not go through');
    expect(mail?.text).toContain('$39.00');
    const outbox = (await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string }>;
    expect(outbox.filter((m) => m.to === user.email && m.subject.includes('did not go through'))).toHaveLength(1);

    const declined = await t.call('POST', `/api/user/memberships/${id}/pay`, { cookie, body: { paymentMethodId: failing.id, attemptKey: newKey() } });
    expect(declined.statusCode).toBe(402);
    const good = await saveCard(t, user.id);
    const attemptKey = newKey();
    const paid = await t.call('POST', `/api/user/memberships/${id}/pay`, { cookie, body: { paymentMethodId: good.id, attemptKey } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await mine(cookie))[0]).toMatchObject({ status: 'active', creditsLeft: 4, unpaidPeriodId: null });
    const repeat = await t.call('POST', `/api/user/memberships/${id}/pay`, { cookie, body: { paymentMethodId: good.id, attemptKey } });
    expect(repeat.json().code).toBe('MEMBERSHIP_NOTHING_DUE');
    expect((await mine(cookie))[0]!.creditsLeft).toBe(4);
    // The card that paid renews the next month.
    await renewAfterMonth();
    expect((await mine(cookie))[0]).toMatchObject({ status: 'active', creditsLeft: 6 });
  });
});

describe('pause and cancel', () => {
  it('a paused membership is not renewed; resumed after its month, a new month is charged and granted', async () => {
    const { cookie, card } = await customer();
    const id = await subscribeWithSavedCard(cookie, card.id);
    const paused = await t.call('POST', `/api/user/memberships/${id}/pause`, { cookie });
    expect(paused.json()).toMatchObject({ status: 'paused', nextRenewalAt: null });
    await renewAfterMonth();
    expect((await mine(cookie))[0]).toMatchObject({ status: 'paused', creditsLeft: 2 });
    expect((await t.call('POST', `/api/user/memberships/${id}/pause`, { cookie })).statusCode).toBe(409);
    const resumed = await t.call('POST', `/api/user/memberships/${id}/resume`, { cookie });
    expect(resumed.json()).toMatchObject({ status: 'active', creditsLeft: 4 });
  });

  it('cancels at the end of the paid month: still active until then, ended (and not charged) after', async () => {
    const { cookie, card } = await customer();
    const id = await subscribeWithSavedCard(cookie, card.id);
    const other = await t.createUser({ role: 'customer' });
    expect((await t.call('POST', `/api/user/memberships/${id}/cancel`, { cookie: other.cookie })).statusCode).toBe(404);
    const cancelled = await t.call('POST', `/api/user/memberships/${id}/cancel`, { cookie });
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextRenewalAt: null });
    await renewAfterMonth();
    expect(await mine(cookie)).toEqual([]);
    const periods = await t.ctx.db.select().from(membershipPeriods).where(eq(membershipPeriods.membershipId, id));
    expect(periods).toHaveLength(1);
  });
});

describe('the admin’s members', () => {
  it('lists members a page at a time with their status, and the MRR counts active and past-due members only', async () => {
    // A fresh session: the clock has moved months since the suite's admin signed in.
    const admin = (await t.createUser({ role: 'admin' })).cookie;
    const first = await t.call('GET', '/api/admin/members?pageSize=1', { cookie: admin });
    expect(first.statusCode, first.body).toBe(200);
    const before = first.json();
    const { cookie, card } = await customer();
    const id = await subscribeWithSavedCard(cookie, card.id);
    const after = (await t.call('GET', '/api/admin/members?pageSize=1', { cookie: admin })).json();
    expect(after.items).toHaveLength(1);
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]).toMatchObject({ id, status: 'active', pricePerMonth: '39.00' });
    expect(Number(after.mrr) - Number(before.mrr)).toBeCloseTo(39, 2);
    await t.call('POST', `/api/user/memberships/${id}/pause`, { cookie });
    const paused = (await t.call('GET', '/api/admin/members', { cookie: admin })).json();
    expect(Number(paused.mrr)).toBeCloseTo(Number(before.mrr), 2);
    const onlyPaused = (await t.call('GET', '/api/admin/members?status=paused', { cookie: admin })).json();
    expect(onlyPaused.items.every((m: { status: string }) => m.status === 'paused')).toBe(true);
    const { cookie: customerCookie } = await t.createUser({ role: 'customer' });
    expect((await t.call('GET', '/api/admin/members', { cookie: customerCookie })).statusCode).toBe(403);
  });
});
