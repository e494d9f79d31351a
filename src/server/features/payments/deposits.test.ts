import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import type { BookingLedger } from '../../../shared/schemas/payments';
import { bookingPayments, bookings, services } from '../../db/schema';
import { openDayAfter } from '../../test/account-fixtures';
import { bookAsGuest, newKey, payWithTestCard, serviceNamed } from '../../test/checkout-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { chargeBalance } from './balance';

/**
 * Deposits and balances (decision 057), over HTTP with the test provider: a 20 % deposit at checkout with the
 * customer's consent, the card kept; the balance charged off session when the job is completed — once — and
 * a declined balance left due, the customer sent the pay link.
 */
let t: TestApp;
let admin: string;
let serviceId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  serviceId = (await serviceNamed(t, 'Full Detail')).id;
  await t.ctx.db.update(services).set({ deposit: { kind: 'percent', value: 20 } }).where(eq(services.id, serviceId));
  t.ctx.caches.serviceFacts.touch(null);
  t.ctx.caches.services.touch(null);
});
afterAll(() => t.close());

const revenue = async () => toCents(((await t.call('GET', '/api/admin/dashboard', { cookie: admin })).json() as { revenue: string }).revenue);
const rowsOf = async (bookingId: string) =>
  (await t.ctx.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId))).filter((r) => r.status === 'succeeded');
const bookingRow = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const complete = (id: string) => t.call('PATCH', `/api/bookings/${id}/status`, { cookie: admin, body: { status: 'completed' } });

let day = 1;
async function depositBooking(email: string) {
  const made = await bookAsGuest(t, { guestEmail: email, policyConsent: true, slotId: `${openDayAfter(t, day++ * 2)}T10:00` });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: string; totalAmount: string; deposit?: string; trackingToken: string };
}

describe('the admin service editor', () => {
  it('saves a service deposit, refuses a percentage over 99, and the catalogue shows it', async () => {
    const body = { name: 'Ceramic Coating', description: 'Years of shine.', price: '499.00', duration: 240 };
    const refused = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...body, deposit: { kind: 'percent', value: 120 } } });
    expect(refused.statusCode).toBe(400);
    const created = await t.call('POST', '/api/admin/services', { cookie: admin, body: { ...body, deposit: { kind: 'fixed', value: 100_00 } } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().deposit).toEqual({ kind: 'fixed', value: 100_00 });
    const shown = await t.call('GET', `/api/services/${created.json().id}`);
    expect(shown.json().deposit).toEqual({ kind: 'fixed', value: 100_00 });
  });
});

describe('a service with a 20 % deposit', () => {
  it('is refused without consent to the cancellation policy', async () => {
    const refused = await bookAsGuest(t, { guestEmail: 'no-consent@example.com' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'POLICY_CONSENT_REQUIRED' });
  });

  it('takes the deposit at checkout, charges the balance to the kept card on completion, once, and the ledger and revenue agree to the cent', async () => {
    const email = `deposit-${Date.now()}@example.com`;
    const booking = await depositBooking(email);
    const total = toCents(booking.totalAmount);
    const deposit = Math.round(total * 0.2);
    expect(toCents(booking.deposit!)).toBe(deposit);
    expect((await bookingRow(booking.id)).policyConsentAt).not.toBeNull();

    const before = await revenue();
    const { intent, card } = await payWithTestCard(t, booking);
    expect(card.statusCode, card.body).toBe(200);
    expect(toCents(intent.amount)).toBe(deposit);
    expect((await bookingRow(booking.id)).paymentStatus).toBe('deposit_paid');
    expect((await rowsOf(booking.id)).map((r) => [r.kind, r.method, r.amountCents])).toEqual([['deposit', 'card', deposit]]);
    expect(await revenue()).toBe(before + deposit);

    const done = await complete(booking.id);
    expect(done.statusCode, done.body).toBe(200);
    const rows = await rowsOf(booking.id);
    expect(rows.map((r) => [r.kind, r.method, r.amountCents]).sort()).toEqual([['balance', 'saved_card', total - deposit], ['deposit', 'card', deposit]].sort());
    expect((await bookingRow(booking.id)).paymentStatus).toBe('paid');
    expect(await revenue()).toBe(before + total);
    const ledger = (await t.call('GET', `/api/bookings/${booking.id}/payments`, { cookie: admin })).json() as BookingLedger;
    expect(ledger.summary).toMatchObject({ state: 'paid', paidCents: total, balanceCents: 0 });

    // The job again (a retry of the queue, a second delivery): nothing more is charged.
    expect(await chargeBalance(t.ctx, booking.id)).toBe('nothing_due');
    expect((await rowsOf(booking.id)).filter((r) => r.kind === 'balance')).toHaveLength(1);
  });

  it('a card that declines the balance leaves it due, e-mails the pay link, and the link pays exactly the balance', async () => {
    const email = `declines-${Date.now()}@example.com`;
    const booking = await depositBooking(email);
    const total = toCents(booking.totalAmount);
    const deposit = toCents(booking.deposit!);
    const paid = await payWithTestCard(t, booking, { number: '4000 0000 0000 0341' });
    expect(paid.card.statusCode, paid.card.body).toBe(200);

    expect((await complete(booking.id)).statusCode).toBe(200);
    expect((await bookingRow(booking.id)).paymentStatus).toBe('deposit_paid');
    expect((await rowsOf(booking.id)).map((r) => r.kind)).toEqual(['deposit']);
    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toContain('Balance due');
    expect(mail?.text).toContain(`/pay?bookingId=${booking.id}`);
    // A retry of the job charges nothing twice and declines again (the same provider request).
    expect(await chargeBalance(t.ctx, booking.id)).toBe('declined');

    // The pay link (a guest's carries the tracking token): the intent is for the balance, not the price.
    const intent = await t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, body: { bookingId: booking.id } });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(toCents(intent.json().amount)).toBe(total - deposit);
    const { clientSecret, paymentIntentId } = intent.json();
    const card = await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', saveCard: false } });
    expect(card.statusCode, card.body).toBe(200);
    expect((await bookingRow(booking.id)).paymentStatus).toBe('paid');
    expect((await rowsOf(booking.id)).map((r) => [r.kind, r.amountCents]).sort()).toEqual([['balance', total - deposit], ['deposit', deposit]].sort());
  });

  it('a retried deposit request answers the same intent: one deposit', async () => {
    const booking = await depositBooking(`retry-${Date.now()}@example.com`);
    const ask = () => t.call('POST', '/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken, 'idempotency-key': newKey() }, body: { bookingId: booking.id } });
    const first = await ask();
    const second = await ask();
    expect(second.json().paymentIntentId).toBe(first.json().paymentIntentId);
  });
});
