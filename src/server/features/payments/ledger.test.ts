import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import type { BookingLedger, PaymentRecorded } from '../../../shared/schemas/payments';
import { bookingPayments, bookings, emailOutbox, testPaymentIntents } from '../../db/schema';
import { anyService, openDayAfter, refundedCents } from '../../test/account-fixtures';
import { HOME, newKey, payWithTestCard, serviceNamed } from '../../test/checkout-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';

/**
 * The booking's ledger (decision 049): money taken by hand on a pay-on-site job, tips, partial refunds, and
 * the revenue and payment state that follow from the rows — each call once per Idempotency-Key.
 */
let t: TestApp;
let admin: string;
let driver: string;
let driverId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  const made = await t.createUser({ role: 'driver', fullName: 'Dana Driver' });
  driver = made.cookie;
  driverId = made.user.id;
  // Technicians to spare: customers' card bookings in this file find someone while Dana has her jobs (decision 055).
  for (const n of [1, 2]) await t.createUser({ role: 'driver', fullName: `Extra Technician ${n}` });
});
afterAll(() => t.close());

const revenue = async () => toCents(((await t.call('GET', '/api/admin/dashboard', { cookie: admin })).json() as { revenue: string }).revenue);
const rowsOf = (bookingId: string) => t.ctx.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));
const paymentStatusOf = async (bookingId: string) => (await t.ctx.db.select({ s: bookings.paymentStatus }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.s;

let time = 9;
/** A phone appointment to be paid on site, assigned to the demo driver. */
async function onSiteJob(email: string) {
  const service = await anyService(t);
  const made = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: 'Olive Onsite', customerEmail: email, serviceId: service.id, date: openDayAfter(t, 3), time: `${String(time++).padStart(2, '0')}:00`, serviceType: 'serviceLocation', payment: 'on_site' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const booking = made.json() as { id: string; totalAmount: string; paymentStatus: string };
  expect(booking.paymentStatus).toBe('on_site');
  // The owner gives each job to Dana, over any overlap with her earlier ones (decision 056).
  const assigned = await t.call('POST', `/api/drivers/${driverId}/assign/${booking.id}`, { cookie: admin, body: { override: true } });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return booking;
}

const collect = (bookingId: string, body: Record<string, unknown>, options: { cookie?: string; key?: string } = {}) =>
  t.call('POST', `/api/bookings/${bookingId}/payments`, { cookie: options.cookie ?? driver, headers: { 'idempotency-key': options.key ?? newKey() }, body });

const refund = (bookingId: string, body: Record<string, unknown>, key = newKey()) =>
  t.call('POST', `/api/admin/bookings/${bookingId}/refunds`, { cookie: admin, headers: { 'idempotency-key': key }, body });

describe('collecting a payment on site', () => {
  it('records the cash the assigned driver takes: one on_site row, the booking paid, revenue up, and a "Payment received" e-mail', async () => {
    const email = `cash-${Date.now()}@example.com`;
    const job = await onSiteJob(email);
    const total = toCents(job.totalAmount);
    const before = await revenue();
    // Prefilled from the ledger: the whole price is left to pay.
    const ledger = (await t.call('GET', `/api/bookings/${job.id}/payments`, { cookie: driver })).json() as BookingLedger;
    expect(ledger.summary).toMatchObject({ state: 'unpaid', balanceCents: total, paidCents: 0 });

    const key = newKey();
    const paid = await collect(job.id, { amountCents: total, method: 'cash', note: 'Two twenties' }, { key });
    expect(paid.statusCode, paid.body).toBe(201);
    const body = paid.json() as PaymentRecorded;
    expect(body.entry).toMatchObject({ kind: 'on_site', method: 'cash', amountCents: total, note: 'Two twenties' });
    expect(body.ledger.summary).toMatchObject({ state: 'paid', balanceCents: 0, paidCents: total });
    expect(await paymentStatusOf(job.id)).toBe('paid');
    expect(await revenue()).toBe(before + total);

    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toContain('Payment received');
    expect(mail?.text).toContain('paid in full');

    // The same request again (a retry on a bad signal): the same row, not a second one.
    const again = await collect(job.id, { amountCents: total, method: 'cash', note: 'Two twenties' }, { key });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as PaymentRecorded).entry.id).toBe(body.entry.id);
    expect(await rowsOf(job.id)).toHaveLength(1);
    expect(await revenue()).toBe(before + total);
    // …and the key used for another amount is refused.
    expect((await collect(job.id, { amountCents: 100, method: 'cash', tip: true }, { key })).statusCode).toBe(422);
  });

  it('takes part of the price, says what is left, and refuses more than the balance unless it is a tip', async () => {
    const email = `part-${Date.now()}@example.com`;
    const job = await onSiteJob(email);
    const total = toCents(job.totalAmount);
    const part = await collect(job.id, { amountCents: 1000, method: 'check' });
    expect(part.statusCode, part.body).toBe(201);
    expect((part.json() as PaymentRecorded).ledger.summary).toMatchObject({ state: 'deposit_paid', balanceCents: total - 1000 });
    expect(await paymentStatusOf(job.id)).toBe('deposit_paid');
    expect((await latestMailTo(t, email))?.text).toContain(`Left to pay: $${((total - 1000) / 100).toFixed(2)}`);

    const over = await collect(job.id, { amountCents: total, method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'AMOUNT_OVER_BALANCE', params: { balanceCents: total - 1000 } });

    const rest = await collect(job.id, { amountCents: total - 1000, method: 'card_reader' });
    expect((rest.json() as PaymentRecorded).entry.kind).toBe('balance');
    const tip = await collect(job.id, { amountCents: 1500, method: 'cash', tip: true });
    expect(tip.statusCode, tip.body).toBe(201);
    expect((tip.json() as PaymentRecorded).ledger.summary).toMatchObject({ state: 'paid', tipsCents: 1500, balanceCents: 0, refundableCents: total + 1500 });
    expect((await latestMailTo(t, email))?.text).toContain('tip of $15.00');
  });

  it('lets only the assigned driver or the office record money, and only with an Idempotency-Key', async () => {
    const job = await onSiteJob(`who-${Date.now()}@example.com`);
    const other = await t.createUser({ role: 'driver' });
    const customer = await t.createUser({ role: 'customer' });
    expect((await collect(job.id, { amountCents: 100, method: 'cash' }, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/bookings/${job.id}/payments`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await collect(job.id, { amountCents: 100, method: 'cash' }, { cookie: customer.cookie })).statusCode).toBe(403);
    const keyless = await t.call('POST', `/api/bookings/${job.id}/payments`, { cookie: driver, body: { amountCents: 100, method: 'cash' } });
    expect(keyless.statusCode).toBe(400);
    expect((await collect(job.id, { amountCents: -5, method: 'cash' })).statusCode).toBe(400);
    expect((await collect(job.id, { amountCents: 100, method: 'bitcoin' })).statusCode).toBe(400);
    expect(await rowsOf(job.id)).toHaveLength(0);
    // The office records it too.
    expect((await collect(job.id, { amountCents: 100, method: 'other' }, { cookie: admin })).statusCode).toBe(201);
  });

  it('refuses to record money on a cancelled booking', async () => {
    const job = await onSiteJob(`gone-${Date.now()}@example.com`);
    expect((await t.call('POST', `/api/admin/bookings/${job.id}/cancel`, { cookie: admin, body: {} })).statusCode).toBeLessThan(300);
    const refused = await collect(job.id, { amountCents: 100, method: 'cash' }, { cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BOOKING_NOT_COLLECTABLE' });
  });
});

describe('every revenue figure reads the ledger', () => {
  it('the CSV, the daily analytics and the client’s lifetime spend count cash collected (not the tip) and net a refund, to the cent', async () => {
    const email = `figures-${Date.now()}@example.com`;
    const job = await onSiteJob(email);
    const series = async () => {
      const daily = (await t.call('GET', '/api/admin/analytics/daily', { cookie: admin })).json() as { days: Array<{ revenue: string }> };
      return daily.days.reduce((sum, d) => sum + toCents(d.revenue), 0);
    };
    const dailyBefore = await series();
    expect((await collect(job.id, { amountCents: 4000, method: 'cash' })).statusCode).toBe(201);
    expect((await collect(job.id, { amountCents: 500, method: 'cash', tip: true })).statusCode).toBe(201);
    expect((await refund(job.id, { amountCents: 1000, reason: 'Handed back a ten' })).statusCode).toBe(201);
    // The tip is the technician's, not revenue (decision 058); the refund comes out of the price, the tip last.
    const net = 4000 - 1000;

    const csv = (await t.call('GET', `/api/admin/bookings/export.csv?search=${encodeURIComponent(email)}`, { cookie: admin })).body;
    const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const paidColumn = header!.split(',').indexOf('"Paid"');
    expect(line!.split(',')[paidColumn]).toBe(`"${(net / 100).toFixed(2)}"`);
    expect(await series()).toBe(dailyBefore + net);
    const clients = (await t.call('GET', `/api/admin/clients?q=${encodeURIComponent(email)}`, { cookie: admin })).json() as { items: Array<{ lifetimeSpend: string }> };
    expect(clients.items.map((c) => c.lifetimeSpend)).toEqual([(net / 100).toFixed(2)]);
  });
});

describe('partial refunds', () => {
  async function paidWebBooking(email: string, slotTime: string) {
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const held = await t.call('POST', '/api/bookings', {
      headers: { 'idempotency-key': newKey() },
      body: { serviceId: service.id, serviceType: 'mobile', slotId: `${openDayAfter(t, 4)}T${slotTime}`, address: HOME, guestEmail: email, guestName: 'Rita Refund', guestPhone: '4085550123' },
    });
    expect(held.statusCode, held.body).toBe(201);
    const booking = held.json() as { id: string; trackingToken: string; totalAmount: string };
    const { intent } = await payWithTestCard(t, booking);
    return { ...booking, intentId: (intent as { paymentIntentId: string }).paymentIntentId };
  }

  it('gives back part of a card payment through the provider, e-mails the reason, and never more than was paid', async () => {
    const email = `refund-${Date.now()}@example.com`;
    const booking = await paidWebBooking(email, '10:00');
    const total = toCents(booking.totalAmount);
    const before = await revenue();

    const key = newKey();
    const first = await refund(booking.id, { amountCents: 500, reason: 'Missed a spot on the hood' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as PaymentRecorded).ledger.summary).toMatchObject({ state: 'partially_refunded', refundedCents: 500, refundableCents: total - 500 });
    expect(await refundedCents(t, booking.intentId)).toBe(500);
    expect(await paymentStatusOf(booking.id)).toBe('partially_refunded');
    expect(await revenue()).toBe(before - 500);
    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toContain('Refund issued: $5.00');
    expect(mail?.text).toContain('Missed a spot on the hood');

    // Replayed: one refund, at the provider and in the ledger.
    const again = await refund(booking.id, { amountCents: 500, reason: 'Missed a spot on the hood' }, key);
    expect(again.statusCode).toBe(200);
    expect(await refundedCents(t, booking.intentId)).toBe(500);
    expect((await rowsOf(booking.id)).filter((r) => r.kind === 'refund')).toHaveLength(1);

    const tooMuch = await refund(booking.id, { amountCents: total, reason: 'All of it' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', params: { refundableCents: total - 500 } });
    expect(await refundedCents(t, booking.intentId)).toBe(500);

    // The rest, exactly: fully refunded, and revenue nets to nothing for this booking.
    const rest = await refund(booking.id, { amountCents: total - 500, reason: 'Rained out' });
    expect((rest.json() as PaymentRecorded).ledger.summary).toMatchObject({ state: 'refunded', refundableCents: 0 });
    expect(await refundedCents(t, booking.intentId)).toBe(total);
    expect(await paymentStatusOf(booking.id)).toBe('refunded');
    expect(await revenue()).toBe(before - total);
    expect((await refund(booking.id, { amountCents: 1, reason: 'More' })).statusCode).toBe(409);
  });

  it('is the office’s alone, with a reason', async () => {
    const booking = await paidWebBooking(`who-refund-${Date.now()}@example.com`, '11:00');
    const call = (cookie: string, body: Record<string, unknown>) => t.call('POST', `/api/admin/bookings/${booking.id}/refunds`, { cookie, headers: { 'idempotency-key': newKey() }, body });
    expect((await call(driver, { amountCents: 100, reason: 'x' })).statusCode).toBe(403);
    expect((await call(admin, { amountCents: 100, reason: '  ' })).statusCode).toBe(400);
    expect(await refundedCents(t, booking.intentId)).toBe(0);
  });

  it('cancelling after a partial refund gives back only what is left', async () => {
    const booking = await paidWebBooking(`cancel-after-${Date.now()}@example.com`, '12:00');
    const total = toCents(booking.totalAmount);
    expect((await refund(booking.id, { amountCents: 700, reason: 'Goodwill' })).statusCode).toBe(201);
    const cancelled = await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: {} });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    expect(await refundedCents(t, booking.intentId)).toBe(total);
    const rows = await rowsOf(booking.id);
    expect(rows.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.amountCents, 0)).toBe(total);
    expect(await paymentStatusOf(booking.id)).toBe('refunded');
  });
});

describe('the receipt and the checkout payment', () => {
  it('lists the card payment as a full row and the state as paid; a card payment confirms with one e-mail', async () => {
    const customer = await t.createUser({ role: 'customer' });
    const service = await serviceNamed(t, 'Express Exterior Wash');
    const held = await t.call('POST', '/api/bookings', {
      cookie: customer.cookie,
      headers: { 'idempotency-key': newKey() },
      body: { serviceId: service.id, serviceType: 'mobile', slotId: `${openDayAfter(t, 4)}T13:00`, address: HOME },
    });
    const booking = held.json() as { id: string; totalAmount: string };
    await payWithTestCard(t, booking, { cookie: customer.cookie });
    const receipt = await t.call('GET', `/api/bookings/${booking.id}/receipt`, { cookie: customer.cookie });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      payments: [{ kind: 'full', method: 'card', amountCents: toCents(booking.totalAmount) }],
      paymentSummary: { state: 'paid', balanceCents: 0 },
    });
    // The business's notes stay off the customer's receipt.
    expect((receipt.json() as { payments: Array<Record<string, unknown>> }).payments[0]).not.toHaveProperty('note');
    const mails = await t.ctx.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.to, customer.user.email));
    expect(mails.filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(0);
  });

  it('a phone appointment paid by link gets "Payment received", not a second confirmation', async () => {
    const email = `link-paid-${Date.now()}@example.com`;
    const service = await anyService(t);
    const made = await t.call('POST', '/api/admin/appointments', {
      cookie: admin,
      body: { customerName: 'Lena Link', customerEmail: email, serviceId: service.id, date: openDayAfter(t, 6), time: '10:00', serviceType: 'serviceLocation', payment: 'link' },
    });
    const booking = made.json() as { id: string };
    const link = new URL((await latestMailTo(t, email))!.links.find((l) => l.includes('/pay'))!);
    const { card } = await payWithTestCard(t, { id: booking.id, trackingToken: link.searchParams.get('token')! });
    expect(card.statusCode, card.body).toBe(200);
    const mails = await t.ctx.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails.filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
  });
});

describe('the test provider', () => {
  it('refuses to refund more than is left of a payment, as Stripe does', async () => {
    const id = `pi_test_over_${Date.now()}`;
    await t.ctx.db.insert(testPaymentIntents).values({ id, clientSecret: `${id}_secret`, amountCents: 1000, status: 'succeeded' });
    await t.ctx.payments.refund(id, 600, 'k1');
    await expect(t.ctx.payments.refund(id, 600, 'k2')).rejects.toThrow();
    expect(await refundedCents(t, id)).toBe(600);
  });
});
