import { eq, sql } from 'drizzle-orm';
import { updateMessage } from '../../../shared/booking-lifecycle';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toCents } from '../../../shared/money';
import { pacificInstant } from '../../../shared/time';
import { bookings, bookingUpdates, emailOutbox, services } from '../../db/schema';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { anyService, createBooking, paidTestIntent, refundedCents } from '../../test/account-fixtures';

// Monday 1 June 2026, 09:00 in San Jose: every date below is relative to it.
const START = pacificInstant('2026-06-01', '09:00').getTime();
const HOUR = 3600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: START });
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = START;
});

async function slotsOn(serviceId: string, date: string) {
  return (await t.call('GET', `/api/services/${serviceId}/available-slots?date=${date}`)).json() as Array<{ id: string; startTime: string; availableCapacity: number }>;
}

async function updatesOf(bookingId: string) {
  return t.handle.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, bookingId));
}

describe('GET /api/bookings', () => {
  it('shows a checkout once: never a "Not paid" copy of a paid booking, and one line for a checkout started twice', async () => {
    const { user, cookie } = await t.createUser();
    const hold = async (time: string, createdAt: number) => {
      const { booking } = await createBooking(t, { userId: user.id, dateKey: '2026-06-11', time, status: 'pending', paymentStatus: 'unpaid' });
      await t.handle.db.update(bookings).set({ holdExpiresAt: new Date(START + 10 * 60_000), createdAt: new Date(createdAt) }).where(eq(bookings.id, booking.id));
      return booking.id;
    };
    // The first try of 10:00 was left open, the second was paid.
    const leftOpen = await hold('10:00', START - 10 * 60_000);
    const { booking: paid } = await createBooking(t, { userId: user.id, dateKey: '2026-06-11', time: '10:00' });
    // 13:00 was started twice and neither is paid yet: only the newer shows.
    const older = await hold('13:00', START - 5 * 60_000);
    const newer = await hold('13:00', START - 60_000);

    const page = (await t.call('GET', '/api/bookings', { cookie })).json() as { total: number; items: Array<{ id: string }> };
    const ids = page.items.map((b) => b.id);
    expect(ids).toContain(paid.id);
    expect(ids).toContain(newer);
    expect(ids).not.toContain(leftOpen);
    expect(ids).not.toContain(older);
    expect(page.total).toBe(2);
  });

  it("lists only my bookings, newest first, paginated, without lapsed unpaid holds", async () => {
    const { user, cookie } = await t.createUser();
    const other = await t.createUser();
    const older = await createBooking(t, { userId: user.id, dateKey: '2026-06-03' });
    const newer = await createBooking(t, { userId: user.id, dateKey: '2026-06-04' });
    await createBooking(t, { userId: other.user.id, dateKey: '2026-06-04' });
    const lapsed = await createBooking(t, { userId: user.id, status: 'pending', paymentStatus: 'unpaid' });
    await t.handle.db.update(bookings).set({ holdExpiresAt: new Date(START - 60_000) }).where(eq(bookings.id, lapsed.booking.id));
    // A hold the job already released (cancelled, unpaid) is hidden too, not "Cancelled" forever.
    const released = await createBooking(t, { userId: user.id, status: 'cancelled', paymentStatus: 'unpaid' });
    await t.handle.db.update(bookings).set({ holdExpiresAt: new Date(START - 60_000) }).where(eq(bookings.id, released.booking.id));
    // createdAt comes from the database clock: make the order explicit.
    await t.handle.db.update(bookings).set({ createdAt: new Date(START - 2 * HOUR) }).where(eq(bookings.id, older.booking.id));
    await t.handle.db.update(bookings).set({ createdAt: new Date(START - HOUR) }).where(eq(bookings.id, newer.booking.id));

    const page = (await t.call('GET', '/api/bookings', { cookie })).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(page.items.map((b: { id: string }) => b.id)).toEqual([newer.booking.id, older.booking.id]);
    expect(page.items[0]).toMatchObject({ serviceName: newer.service.name, status: 'confirmed', selfServiceBlock: null, paymentMethodLast4: '4242' });

    const second = (await t.call('GET', '/api/bookings?page=2&pageSize=1', { cookie })).json();
    expect(second.items.map((b: { id: string }) => b.id)).toEqual([older.booking.id]);
    expect((await t.call('GET', '/api/bookings?pageSize=0', { cookie })).statusCode).toBe(400);
    await createBooking(t, { userId: user.id, status: 'completed', dateKey: '2026-05-20' });
    const completed = (await t.call('GET', '/api/bookings?status=completed', { cookie })).json();
    expect(completed.items.map((b: { status: string }) => b.status)).toEqual(['completed']);
    expect((await t.call('GET', '/api/bookings?status=nonsense', { cookie })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/bookings')).statusCode).toBe(401);
  });
});

describe('POST /api/bookings/:id/cancel', () => {
  it('cancels, refunds the card through the test provider, frees the capacity, records an update and e-mails', async () => {
    const { user, cookie } = await t.createUser();
    const service = await anyService(t);
    const first = await createBooking(t, { userId: user.id, dateKey: '2026-06-05', time: '10:00' });
    const intent = await paidTestIntent(t, toCents(first.booking.totalAmount));
    await t.handle.db.update(bookings).set({ paymentIntentId: intent }).where(eq(bookings.id, first.booking.id));
    // Two more at 10:00 fill the day's capacity of three.
    await createBooking(t, { dateKey: '2026-06-05', time: '10:00' });
    await createBooking(t, { dateKey: '2026-06-05', time: '10:00' });
    expect((await slotsOn(service.id, '2026-06-05')).find((s) => s.startTime === '10:00')).toBeUndefined();

    const response = await t.call('POST', `/api/bookings/${first.booking.id}/cancel`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refunded: true, booking: { status: 'cancelled', paymentStatus: 'refunded', selfServiceBlock: 'status' } });
    expect(await refundedCents(t, intent)).toBe(toCents(first.booking.totalAmount));
    expect((await slotsOn(service.id, '2026-06-05')).find((s) => s.startTime === '10:00')?.availableCapacity).toBe(1);
    expect((await updatesOf(first.booking.id)).map((u) => u.status)).toContain('cancelled');
    const mail = await latestMailTo(t, user.email);
    expect(mail?.subject).toMatch(/cancelled/i);
    expect(mail?.text).toMatch(/refund/i);

    const again = await t.call('POST', `/api/bookings/${first.booking.id}/cancel`, { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already cancelled/);
  });

  it('cancels an unpaid booking without a refund', async () => {
    const { user, cookie } = await t.createUser();
    const { booking } = await createBooking(t, { userId: user.id, paymentStatus: 'unpaid', status: 'pending' });
    const response = await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ refunded: false, booking: { status: 'cancelled', paymentStatus: 'unpaid' } });
  });

  it('keeps the booking when the refund fails', async () => {
    const { user, cookie } = await t.createUser();
    // A paid booking whose intent the provider refuses to refund (it never succeeded).
    const intent = await paidTestIntent(t, 1000);
    await t.handle.db.execute(sql`update test_payment_intents set status = 'requires_payment_method' where id = ${intent}`);
    const { booking } = await createBooking(t, { userId: user.id, paymentIntentId: intent });
    const response = await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie });
    expect(response.statusCode).toBe(503);
    const [row] = await t.handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancelledAt: null });
    expect(await updatesOf(booking.id)).toHaveLength(0);
  });

  it('allows a cancellation exactly 2 hours before the start and refuses one a millisecond later; rescheduling closes at 24 hours', async () => {
    const { user, cookie } = await t.createUser();
    const start = pacificInstant('2026-06-04', '10:00').getTime();
    const a = await createBooking(t, { userId: user.id, dateKey: '2026-06-04', time: '10:00' });
    const b = await createBooking(t, { userId: user.id, dateKey: '2026-06-04', time: '10:00' });

    t.clock.now = start - 24 * HOUR + 1;
    const listed = (await t.call('GET', '/api/bookings', { cookie })).json();
    expect(listed.items.find((x: { id: string }) => x.id === b.booking.id)).toMatchObject({ selfServiceBlock: 'too_late', cancelBlock: null });

    t.clock.now = start - 2 * HOUR + 1;
    const late = await t.call('POST', `/api/bookings/${b.booking.id}/cancel`, { cookie });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Bookings can only be cancelled online up to 2 hours before the start. Please call us at ' + t.config.business.phone + '.');
    const after = (await t.call('GET', '/api/bookings', { cookie })).json();
    expect(after.items.find((x: { id: string }) => x.id === b.booking.id).cancelBlock).toBe('too_late');

    t.clock.now = start - 2 * HOUR;
    const onTime = await t.call('POST', `/api/bookings/${a.booking.id}/cancel`, { cookie });
    expect(onTime.statusCode).toBe(200);
  });

  it('refuses bookings that are under way or finished', async () => {
    const { user, cookie } = await t.createUser();
    for (const status of ['en_route_pickup', 'completed'] as const) {
      const { booking } = await createBooking(t, { userId: user.id, status });
      expect((await t.call('POST', `/api/bookings/${booking.id}/cancel`, { cookie })).statusCode).toBe(409);
    }
  });
});

describe('POST /api/bookings/:id/reschedule', () => {
  it('moves the booking to a free slot in one step, records it and e-mails an updated calendar file', async () => {
    const { user, cookie } = await t.createUser();
    const { booking, service } = await createBooking(t, { userId: user.id, dateKey: '2026-06-05', time: '10:00' });
    const response = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, { cookie, body: { slotId: '2026-06-06T13:30', scheduledDate: '2026-06-06' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking).toMatchObject({ businessDate: '2026-06-06', scheduledDate: pacificInstant('2026-06-06', '13:30').toISOString(), status: 'confirmed' });
    const updates = await updatesOf(booking.id);
    expect(updates.map((u) => updateMessage({ kind: u.kind, params: u.params, note: u.message })).join(' ')).toMatch(/Rescheduled/);
    expect(updates.map((u) => u.kind)).toContain('rescheduled');
    expect((await slotsOn(service.id, '2026-06-06')).find((s) => s.startTime === '13:30')?.availableCapacity).toBe(2);

    const outbox = (await t.call('GET', '/api/dev/outbox')).json() as Array<{ to: string; subject: string; attachments: Array<{ filename: string; contentType: string }> }>;
    const mail = outbox.find((m) => m.to === user.email && /rescheduled/i.test(m.subject));
    expect(mail?.attachments).toEqual([expect.objectContaining({ filename: `booking-${booking.id.slice(-8).toUpperCase()}.ics` })]);
    const [stored] = await t.handle.db.select().from(emailOutbox).where(sql`${emailOutbox.to} = ${user.email} and ${emailOutbox.subject} like 'Booking rescheduled%'`);
    const ics = stored!.attachments[0]!.content;
    expect(ics).toContain(`UID:${booking.id}@localhost`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20260606T133000');
  });

  it('refuses a full slot with 409, counting every booking but the one being moved', async () => {
    const { user, cookie } = await t.createUser();
    const { booking } = await createBooking(t, { userId: user.id, dateKey: '2026-06-08', time: '09:00' });
    await createBooking(t, { dateKey: '2026-06-08', time: '09:00' });
    await createBooking(t, { dateKey: '2026-06-08', time: '09:00' });
    // 09:00–11:00 holds three (capacity 3). Moving to 10:00 overlaps only the other two once it leaves 09:00.
    const overlapping = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, { cookie, body: { slotId: '2026-06-08T10:00' } });
    expect(overlapping.statusCode, overlapping.body).toBe(200);
    await createBooking(t, { dateKey: '2026-06-08', time: '14:00' });
    await createBooking(t, { dateKey: '2026-06-08', time: '14:00' });
    await createBooking(t, { dateKey: '2026-06-08', time: '14:00' });
    const full = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, { cookie, body: { slotId: '2026-06-08T14:00' } });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('That time was just taken. Please choose another time.');
    const [row] = await t.handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.scheduledDate.toISOString()).toBe(pacificInstant('2026-06-08', '10:00').toISOString());
  });

  it('refuses inside 24 hours of the current start, bad slots and a closed day', async () => {
    const { user, cookie } = await t.createUser();
    // 23½ hours ahead of the clock.
    const { booking } = await createBooking(t, { userId: user.id, dateKey: '2026-06-02', time: '08:30' });
    const late = await t.call('POST', `/api/bookings/${booking.id}/reschedule`, { cookie, body: { slotId: '2026-06-09T10:00' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^Bookings can only be rescheduled online up to 24 hours before the start/);

    const later = await createBooking(t, { userId: user.id, dateKey: '2026-06-10', time: '10:00' });
    const bad = await t.call('POST', `/api/bookings/${later.booking.id}/reschedule`, { cookie, body: { slotId: 'tomorrow' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please select a valid time slot');
    const sunday = await t.call('POST', `/api/bookings/${later.booking.id}/reschedule`, { cookie, body: { slotId: '2026-06-07T10:00' } });
    expect(sunday.statusCode).toBe(400);
    const same = await t.call('POST', `/api/bookings/${later.booking.id}/reschedule`, { cookie, body: { slotId: '2026-06-10T10:00' } });
    expect(same.statusCode).toBe(400);
  });
});

describe('POST /api/bookings/:id/review', () => {
  it('stores a review once, only on a completed booking, and the service rating becomes the average', async () => {
    const { user, cookie } = await t.createUser();
    const service = await anyService(t, 'engine-bay-detail');
    expect(service.rating).toBe('5.00');
    const a = await createBooking(t, { userId: user.id, serviceSlug: 'engine-bay-detail', status: 'completed', dateKey: '2026-05-20' });
    const b = await createBooking(t, { userId: user.id, serviceSlug: 'engine-bay-detail', status: 'completed', dateKey: '2026-05-21' });
    const upcoming = await createBooking(t, { userId: user.id, serviceSlug: 'engine-bay-detail' });

    const notYet = await t.call('POST', `/api/bookings/${upcoming.booking.id}/review`, { cookie, body: { rating: 5 } });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('Only completed bookings can be reviewed');

    const first = await t.call('POST', `/api/bookings/${a.booking.id}/review`, { cookie, body: { rating: 2, review: 'Missed a spot.' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ booking: { rating: 2, review: 'Missed a spot.' }, service: { rating: '2.00', reviewCount: 1 } });

    const twice = await t.call('POST', `/api/bookings/${a.booking.id}/review`, { cookie, body: { rating: 5 } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already reviewed this booking');

    await t.call('POST', `/api/bookings/${b.booking.id}/review`, { cookie, body: { rating: 5 } });
    const [row] = await t.handle.db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ rating: '3.50', reviewCount: 2 });
    const [kept] = await t.handle.db.select().from(bookings).where(eq(bookings.id, a.booking.id));
    expect(kept).toMatchObject({ rating: 2, review: 'Missed a spot.' });
  });

  it.each([[{}], [{ rating: 0 }], [{ rating: 6 }], [{ rating: 4.5 }], [{ rating: '5' }], [{ rating: 5, review: 'x'.repeat(2001) }]])('refuses %o with 400', async (body) => {
    const { user, cookie } = await t.createUser();
    const { booking } = await createBooking(t, { userId: user.id, status: 'completed', dateKey: '2026-05-20' });
    const response = await t.call('POST', `/api/bookings/${booking.id}/review`, { cookie, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});

describe('GET /api/bookings/:id/receipt', () => {
  it('shows the business, line items, tax, total and the card', async () => {
    const { user, cookie } = await t.createUser({ fullName: 'Rita Receipt' });
    const { booking, service } = await createBooking(t, { userId: user.id, status: 'completed', dateKey: '2026-05-20' });
    const response = await t.call('GET', `/api/bookings/${booking.id}/receipt`, { cookie });
    expect(response.statusCode).toBe(200);
    const receipt = response.json();
    expect(receipt).toMatchObject({
      bookingNumber: booking.id.slice(-8).toUpperCase(),
      business: { name: t.config.business.name, phone: t.config.business.phone },
      customer: { fullName: 'Rita Receipt', email: user.email },
      lines: [
        { label: service.name, amount: service.price },
        { label: 'Service Fee', amount: booking.serviceFee },
      ],
      tax: booking.tax,
      total: booking.totalAmount,
      payment: { status: 'paid', brand: 'visa', last4: '4242' },
    });
    expect(toCents(receipt.subtotal) + toCents(receipt.tax)).toBe(toCents(receipt.total));
  });

  it('is refused for an unpaid booking', async () => {
    const { user, cookie } = await t.createUser();
    const { booking } = await createBooking(t, { userId: user.id, status: 'pending', paymentStatus: 'unpaid' });
    expect((await t.call('GET', `/api/bookings/${booking.id}/receipt`, { cookie })).statusCode).toBe(409);
  });
});

describe("another customer's booking", () => {
  it('answers 404 to every call and changes nothing', async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    const upcoming = await createBooking(t, { userId: owner.user.id, dateKey: '2026-06-12' });
    const done = await createBooking(t, { userId: owner.user.id, status: 'completed', dateKey: '2026-05-20' });
    const guest = await createBooking(t, { userId: null, dateKey: '2026-06-12' });
    const calls = [
      ['POST', `/api/bookings/${upcoming.booking.id}/cancel`, undefined],
      ['POST', `/api/bookings/${upcoming.booking.id}/reschedule`, { slotId: '2026-06-13T10:00' }],
      ['POST', `/api/bookings/${done.booking.id}/review`, { rating: 1 }],
      ['GET', `/api/bookings/${done.booking.id}/receipt`, undefined],
      ['POST', `/api/bookings/${guest.booking.id}/cancel`, undefined],
      ['POST', '/api/bookings/not-an-id/cancel', undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const response = await t.call(method, url, { cookie: intruder.cookie, body });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Booking not found');
    }
    const rows = await t.handle.db.select().from(bookings).where(eq(bookings.userId, owner.user.id));
    expect(rows.map((r) => [r.status, r.rating, r.businessDate]).sort()).toEqual([
      ['completed', null, '2026-05-20'],
      ['confirmed', null, '2026-06-12'],
    ]);
    expect((await t.call('GET', '/api/bookings', { cookie: intruder.cookie })).json().total).toBe(0);
  });
});
