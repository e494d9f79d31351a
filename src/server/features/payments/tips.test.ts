import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import type { TipOffer, TipPayment, TipsWeek } from '../../../shared/schemas/payments';
import { addDaysToKey, pacificDateKey, pacificInstant } from '../../../shared/time';
import { bookingPayments, bookings, testPaymentIntents } from '../../db/schema';
import { createBooking, saveCard } from '../../test/account-fixtures';
import { newKey } from '../../test/checkout-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';

/**
 * Tips from the customer after the job (decision 058): 15 / 20 / 25 % of the service total or an amount, with a
 * saved card or the card form, by the owner or a guest's tracking token; one charge per Idempotency-Key; the
 * booking's technician recorded; refused before completion and after a full refund; not revenue; by week.
 */
let t: TestApp;
let admin: string;
let driverId: string;
let customer: { id: string; cookie: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ now: pacificInstant('2026-06-03', '15:00').getTime() });
  admin = await t.login('admin@glint.local');
  driverId = (await t.createUser({ role: 'driver', fullName: 'Tara Technician' })).user.id;
  const made = await t.createUser({ fullName: 'Tipping Tom' });
  customer = { id: made.user.id, cookie: made.cookie, email: made.user.email };
});
afterAll(() => t.close());

let hour = 8;
/** A finished job of yesterday, worked by the driver: the customer's (signed in) or a guest's with its tracking token. */
async function finishedJob(options: { userId?: string; status?: 'completed' | 'confirmed'; paymentStatus?: 'paid' | 'refunded' } = {}) {
  const { booking } = await createBooking(t, {
    userId: options.userId ?? null,
    dateKey: '2026-06-02',
    time: `${String(hour++).padStart(2, '0')}:00`,
    status: options.status ?? 'completed',
    paymentStatus: options.paymentStatus ?? 'paid',
  });
  await t.handle.db.update(bookings).set({ assignedDriverId: driverId, guestEmail: options.userId ? null : `guest-${booking.id}@example.com` }).where(eq(bookings.id, booking.id));
  const token = (await t.call('POST', `/api/bookings/${booking.id}/generate-tracking-token`, { cookie: admin })).json().token as string;
  return { ...booking, token, totalCents: toCents(booking.totalAmount) };
}

const tip = (bookingId: string, body: Record<string, unknown>, auth: { cookie?: string; token?: string }, key = newKey()) =>
  t.call('POST', `/api/bookings/${bookingId}/tip`, { cookie: auth.cookie, headers: { 'idempotency-key': key, ...(auth.token ? { 'x-tracking-token': auth.token } : {}) }, body });
const tipRows = (bookingId: string) => t.handle.db.select().from(bookingPayments).where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.kind, 'tip')));
const revenue = async () => toCents(((await t.call('GET', '/api/admin/dashboard', { cookie: admin })).json() as { revenue: string }).revenue);

describe('a tip from the tracking page', () => {
  it('offers 15, 20 and 25 % of the service total and names the technician', async () => {
    const job = await finishedJob();
    const offer = (await t.call('GET', `/api/bookings/${job.id}/tip?token=${job.token}`)).json() as TipOffer;
    expect(offer).toMatchObject({ refusal: null, serviceTotalCents: job.totalCents, tippedCents: 0, technicianName: 'Tara Technician', savedCards: [] });
    expect(offer.suggestions).toEqual([15, 20, 25].map((percent) => ({ percent, amountCents: Math.round((job.totalCents * percent) / 100) })));
  });

  it('takes 20 % from a guest by token through the card form: one tip row for the technician, e-mailed, and not revenue', async () => {
    const job = await finishedJob();
    const before = await revenue();
    const started = await tip(job.id, { percent: 20 }, { token: job.token });
    expect(started.statusCode, started.body).toBe(200);
    const intent = started.json() as TipPayment;
    const twenty = Math.round(job.totalCents * 0.2);
    expect(intent).toMatchObject({ amountCents: twenty, status: 'requires_payment_method', entry: null });
    expect(await tipRows(job.id)).toHaveLength(0);

    const card = await t.call('POST', '/api/payments/test/confirm-card', {
      body: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const confirmed = await t.call('POST', `/api/bookings/${job.id}/tip/confirm`, { headers: { 'x-tracking-token': job.token }, body: { paymentIntentId: intent.paymentIntentId } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as TipPayment).entry).toMatchObject({ kind: 'tip', method: 'card', amountCents: twenty });

    const rows = await tipRows(job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ technicianId: driverId, method: 'card', intentId: intent.paymentIntentId, amountCents: twenty });
    expect((await latestMailTo(t, `guest-${job.id}@example.com`))?.text).toContain(`tip of $${(twenty / 100).toFixed(2)}`);
    expect(await revenue()).toBe(before);
    const ledger = (await t.call('GET', `/api/bookings/${job.id}/payments`, { cookie: admin })).json() as { summary: { tipsCents: number; state: string } };
    expect(ledger.summary).toMatchObject({ tipsCents: twenty, state: 'paid' });
  });

  it('charges a saved card at once for an amount, once per Idempotency-Key', async () => {
    const job = await finishedJob({ userId: customer.id });
    const card = await saveCard(t, customer.id);
    const offer = (await t.call('GET', `/api/bookings/${job.id}/tip`, { cookie: customer.cookie })).json() as TipOffer;
    expect(offer.savedCards.map((c) => c.id)).toContain(card.id);

    const key = newKey();
    const first = await tip(job.id, { amountCents: 1200, paymentMethodId: card.id }, { cookie: customer.cookie }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'succeeded', amountCents: 1200, entry: { kind: 'tip', method: 'saved_card', amountCents: 1200 } });
    const again = await tip(job.id, { amountCents: 1200, paymentMethodId: card.id }, { cookie: customer.cookie }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as TipPayment).entry?.id).toBe((first.json() as TipPayment).entry?.id);
    expect(await tipRows(job.id)).toHaveLength(1);
    const charged = await t.handle.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, (first.json() as TipPayment).paymentIntentId));
    expect(charged).toHaveLength(1);

    const otherAmount = await tip(job.id, { amountCents: 1500, paymentMethodId: card.id }, { cookie: customer.cookie }, key);
    expect(otherAmount.statusCode).toBe(422);
    expect(otherAmount.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await tipRows(job.id)).toHaveLength(1);
  });

  it('is refused before completion, after a full refund, to a stranger, and with a saved card without signing in', async () => {
    const upcoming = await finishedJob({ status: 'confirmed' });
    const early = await tip(upcoming.id, { percent: 15 }, { token: upcoming.token });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TIP_NOT_ALLOWED' });
    expect(((await t.call('GET', `/api/bookings/${upcoming.id}/tip?token=${upcoming.token}`)).json() as TipOffer).refusal).toBe('not_completed');

    const refunded = await finishedJob({ paymentStatus: 'refunded' });
    const late = await tip(refunded.id, { amountCents: 500 }, { token: refunded.token });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TIP_AFTER_REFUND' });

    const job = await finishedJob();
    const stranger = await tip(job.id, { percent: 15 }, {});
    expect(stranger.json()).toMatchObject({ code: 'NOT_YOUR_BOOKING' });
    const wrongToken = await tip(job.id, { percent: 15 }, { token: upcoming.token });
    expect(wrongToken.json()).toMatchObject({ code: 'NOT_YOUR_BOOKING' });
    const guestCard = await tip(job.id, { amountCents: 500, paymentMethodId: '00000000-0000-4000-8000-000000000000' }, { token: job.token });
    expect(guestCard.json()).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    const both = await tip(job.id, { amountCents: 500, percent: 20 }, { token: job.token });
    expect(both.statusCode).toBe(400);
    const odd = await tip(job.id, { percent: 18 }, { token: job.token });
    expect(odd.statusCode).toBe(400);
    expect(await tipRows(job.id)).toHaveLength(0);
  });
});

describe('tips by technician and week', () => {
  it('sums each technician’s tips of the week (cash and card, net of a tip given back) and pages by week', async () => {
    const today = pacificDateKey(t.clock.now);
    const before = (await t.call('GET', `/api/admin/tips?weekOf=${today}`, { cookie: admin })).json() as TipsWeek;
    const mine = (week: TipsWeek) => week.technicians.find((r) => r.technicianId === driverId)?.tipsCents ?? 0;

    const job = await finishedJob();
    const cash = await t.call('POST', `/api/bookings/${job.id}/payments`, { cookie: admin, headers: { 'idempotency-key': newKey() }, body: { amountCents: 800, method: 'cash', tip: true } });
    expect(cash.statusCode, cash.body).toBe(201);
    const card = await finishedJob({ userId: customer.id });
    const saved = await saveCard(t, customer.id);
    expect((await tip(card.id, { amountCents: 1000, paymentMethodId: saved.id }, { cookie: customer.cookie })).statusCode).toBe(200);

    const week = (await t.call('GET', `/api/admin/tips?weekOf=${today}`, { cookie: admin })).json() as TipsWeek;
    expect(week).toMatchObject({ weekStart: '2026-06-01', weekEnd: '2026-06-07', previousWeekOf: '2026-05-25', nextWeekOf: null });
    expect(mine(week)).toBe(mine(before) + 1800);
    expect(week.totalCents).toBe(week.technicians.reduce((s, r) => s + r.tipsCents, 0));

    const lastWeek = (await t.call('GET', `/api/admin/tips?weekOf=${addDaysToKey(today, -7)}`, { cookie: admin })).json() as TipsWeek;
    expect(lastWeek).toMatchObject({ weekStart: '2026-05-25', nextWeekOf: '2026-06-01', technicians: [], totalCents: 0 });

    expect((await t.call('GET', '/api/admin/tips?weekOf=June', { cookie: admin })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/admin/tips', { cookie: customer.cookie })).statusCode).toBe(403);
  });
});
