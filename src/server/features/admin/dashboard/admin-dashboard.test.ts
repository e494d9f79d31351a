import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToKey, pacificDateKey } from '../../../../shared/time';
import { createBooking } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createPackage } from '../../../test/package-fixtures';

/**
 * The owner's day on the dashboard (decision 047): money received today and this week (never a future job's
 * price before its money came), packages sold for cash or check counted like a card, tomorrow at a glance and
 * what needs attention.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

type Summary = {
  revenue: string;
  received: { today: string; week: string; weekStart: string };
  tomorrow: { date: string; jobs: number; unassigned: number; firstStart: string | null };
  attention: { unassigned: number; unpaid: number; failedMessages: number; concerns: number; concernBookings: Array<{ id: string; scheduledDate: string }> };
};
const summary = async () => {
  const response = await t.call('GET', '/api/admin/dashboard', { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Summary;
};
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

describe('the dashboard of the owner’s day', () => {
  it('counts packages sold for cash and check as money received today and this week, never a complimentary one, and records how each was paid', async () => {
    const before = await summary();
    const pkg = await createPackage(t, admin);
    const { user } = await t.createUser();
    const assign = (extra: Record<string, unknown>) =>
      t.call('POST', '/api/admin/package-purchases', { cookie: admin, body: { userId: user.id, packageId: pkg.id, ...extra } });
    const cash = await assign({ paymentMethod: 'cash' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json()).toMatchObject({ paidBy: 'cash', paymentStatus: 'paid', purchasePrice: '160.00' });
    const check = await assign({ paymentMethod: 'check', amountPaid: '150' });
    expect(check.json()).toMatchObject({ paidBy: 'check', purchasePrice: '150.00' });
    const free = await assign({ paymentMethod: 'manual' });
    expect(free.json()).toMatchObject({ paidBy: 'complimentary', paymentStatus: 'manual', purchasePrice: '0.00' });
    const bad = await assign({ paymentMethod: 'iou' });
    expect(bad.statusCode).toBe(400);

    const after = await summary();
    expect(cents(after.received.today) - cents(before.received.today)).toBe(31_000);
    expect(cents(after.received.week) - cents(before.received.week)).toBe(31_000);
    // A cash sale is not a card payment: there is nothing to refund through the provider.
    const refund = await t.call('POST', `/api/admin/package-purchases/${cash.json().id}/refund`, { cookie: admin });
    expect(refund.statusCode).toBe(409);
  });

  it('counts a booking paid today once, on the day its money came, not on its job day; money of last week is not this week’s', async () => {
    const before = await summary();
    const later = addDaysToKey(pacificDateKey(new Date(t.clock.now)), 20);
    const { booking } = await createBooking(t, { dateKey: later, paymentStatus: 'paid' });
    await createBooking(t, { dateKey: later, time: '11:00', paymentStatus: 'unpaid' });
    const after = await summary();
    expect(cents(after.received.today) - cents(before.received.today)).toBe(cents(booking.totalAmount));

    // Paid nine days ago (before this week's Monday): neither today's money nor this week's.
    await t.handle.executeSql(`update booking_payments set created_at = now() - interval '9 days' where booking_id = $1`, [booking.id]);
    const paidLastWeek = await summary();
    expect(paidLastWeek.received.today).toBe(before.received.today);
    expect(paidLastWeek.received.week).toBe(before.received.week);
  });

  it('shows tomorrow at a glance and what needs attention: a job going out without a driver, a past job still unpaid', async () => {
    const today = pacificDateKey(new Date(t.clock.now));
    const tomorrow = addDaysToKey(today, 1);
    const before = await summary();
    expect(before.tomorrow.date).toBe(tomorrow);
    await createBooking(t, { dateKey: tomorrow, time: '09:00', serviceType: 'mobile' });
    await createBooking(t, { dateKey: tomorrow, time: '13:00', serviceType: 'serviceLocation' });
    await createBooking(t, { dateKey: addDaysToKey(today, -2), time: '10:00', status: 'completed', paymentStatus: 'on_site' });
    const after = await summary();
    expect(after.tomorrow.jobs - before.tomorrow.jobs).toBe(2);
    // Only the mobile job needs a driver.
    expect(after.tomorrow.unassigned - before.tomorrow.unassigned).toBe(1);
    expect(after.tomorrow.firstStart).toBeTruthy();
    expect(after.attention.unassigned - before.attention.unassigned).toBe(1);
    expect(after.attention.unpaid - before.attention.unpaid).toBe(1);
    expect(after.attention.failedMessages).toBeGreaterThanOrEqual(0);
  });

  it('lists a booking of today or later whose inspection has a flagged concern, and not one without, a cancelled one or a past one', async () => {
    const today = pacificDateKey(new Date(t.clock.now));
    const before = await summary();
    const flagged = (await createBooking(t, { dateKey: today, time: '23:00', serviceType: 'pickup', status: 'completed', paymentStatus: 'paid' })).booking;
    const quiet = (await createBooking(t, { dateKey: today, time: '23:30', serviceType: 'pickup', status: 'completed', paymentStatus: 'paid' })).booking;
    const cancelled = (await createBooking(t, { dateKey: addDaysToKey(today, 2), serviceType: 'pickup', status: 'cancelled' })).booking;
    const past = (await createBooking(t, { dateKey: addDaysToKey(today, -3), serviceType: 'pickup', status: 'completed', paymentStatus: 'paid' })).booking;
    for (const id of [flagged.id, cancelled.id, past.id]) {
      await t.handle.executeSql(`insert into inspection_concerns (booking_id, text) values ($1, 'A new scratch on the door')`, [id]);
    }
    // A second concern on the same booking is still one booking to look at.
    await t.handle.executeSql(`insert into inspection_concerns (booking_id, text) values ($1, 'And the mirror')`, [flagged.id]);

    const after = await summary();
    expect(after.attention.concerns - before.attention.concerns).toBe(1);
    const listed = after.attention.concernBookings.map((b) => b.id);
    expect(listed).toContain(flagged.id);
    expect(listed).not.toContain(quiet.id);
    expect(listed).not.toContain(cancelled.id);
    expect(listed).not.toContain(past.id);
    expect(after.attention.concernBookings.find((b) => b.id === flagged.id)?.scheduledDate).toBe(new Date(flagged.scheduledDate).toISOString());
  });
});
