import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../../shared/money';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createBooking, openDayAfter, paidTestIntent } from '../../../test/account-fixtures';

/** The back office cannot destroy or rewrite records by accident: delete, move and edit rules, the block editor. */

let t: TestApp;
let admin: string;
let hourService: string; // Headlight Restoration, 60 minutes

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  const services = (await t.call('GET', '/api/admin/services', { cookie: admin })).json() as Array<{ id: string; name: string }>;
  hourService = services.find((s) => s.name === 'Headlight Restoration')!.id;
});
afterAll(() => t.close());

const as = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => t.call(method, url, { cookie: admin, ...(body === undefined ? {} : { body }) });
const rowOf = async (id: string) =>
  (await t.handle.executeSql('select status, payment_status, business_date::text as business_date, duration_minutes, scheduled_date, notes from bookings where id = $1', [id])).rows[0] as
    | { status: string; payment_status: string; business_date: string; duration_minutes: number; scheduled_date: Date | string; notes: string | null }
    | undefined;

/** A phone appointment on `date` at `time`, paid the given way (on site by default). */
async function phoneAppointment(date: string, time: string, payment: 'on_site' | 'link' | 'later' = 'on_site') {
  const made = await as('POST', '/api/admin/appointments', {
    customerName: 'Dana Phone',
    customerEmail: `dana-${date}-${time.replace(':', '')}-${payment}@example.com`,
    customerPhone: '4085550142',
    serviceId: hourService,
    date,
    time,
    payment,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as string;
}

/** An open day whose one window (08:00–18:00) takes one job at a time, so every step's capacity is visible. */
async function singleCapacityDay(days: number) {
  const date = openDayAfter(t, days);
  const window = await as('POST', '/api/admin/business-availability', { date, startTime: '08:00', endTime: '18:00', maxCapacity: 1 });
  expect(window.statusCode, window.body).toBe(201);
  return date;
}

describe('delete only what never started and carries no payment', () => {
  it('refuses to delete an appointment that started, finished, or was paid, from the list and the grid (409 with the reason); the row stays', async () => {
    const date = openDayAfter(t, 6);
    const enRoute = await phoneAppointment(date, '09:00');
    const finished = await phoneAppointment(date, '10:00');
    const linkPaid = await phoneAppointment(date, '11:00', 'link');
    const cancelled = await phoneAppointment(date, '12:00');
    expect((await as('PATCH', `/api/bookings/${enRoute}/status`, { status: 'en_route_service' })).statusCode).toBe(200);
    expect((await as('PATCH', `/api/bookings/${finished}/status`, { status: 'completed' })).statusCode).toBe(200);
    expect((await as('PATCH', `/api/bookings/${cancelled}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    // The customer paid by the e-mailed link.
    const total = (await t.handle.executeSql('select total_amount from bookings where id = $1', [linkPaid])).rows[0] as { total_amount: string };
    const intent = await paidTestIntent(t, toCents(total.total_amount));
    await t.handle.executeSql(`update bookings set payment_status = 'paid', payment_intent_id = $1 where id = $2`, [intent, linkPaid]);

    const expected = { [enRoute]: 'started', [finished]: 'started', [linkPaid]: 'paid', [cancelled]: 'cancelled' };
    for (const [id, reason] of Object.entries(expected)) {
      for (const url of [`/api/admin/bookings/${id}`, `/api/admin/appointments/${id}`]) {
        const response = await as('DELETE', url);
        expect(response.statusCode, `${reason} ${url}`).toBe(409);
        expect(response.json()).toMatchObject({ code: 'BOOKING_NOT_DELETABLE', params: { reason } });
        expect(response.json().message).toMatch(/cannot be deleted/);
      }
      expect(await rowOf(id), reason).toBeDefined();
    }
  });

  it('refuses to delete a booking paid with a package credit or in the store, and one with a card payment under way', async () => {
    const date = openDayAfter(t, 7);
    for (const [time, paymentStatus, paymentIntentId] of [
      ['09:00', 'package', null],
      ['10:00', 'store', null],
      ['11:00', 'link_sent', 'pi_test_under_way'],
    ] as const) {
      const { booking } = await createBooking(t, { dateKey: date, time, paymentStatus, paymentIntentId });
      await t.handle.executeSql(`update bookings set source = 'admin' where id = $1`, [booking.id]);
      const response = await as('DELETE', `/api/admin/bookings/${booking.id}`);
      expect(response.statusCode, paymentStatus).toBe(409);
      expect(response.json()).toMatchObject({ code: 'BOOKING_NOT_DELETABLE', params: { reason: 'paid' } });
    }
  });

  it('deletes an appointment that never started and carries no payment, and blocked time', async () => {
    const date = openDayAfter(t, 8);
    for (const payment of ['on_site', 'link', 'later'] as const) {
      const id = await phoneAppointment(date, payment === 'on_site' ? '09:00' : payment === 'link' ? '10:00' : '11:00', payment);
      expect((await as('DELETE', `/api/admin/bookings/${id}`)).statusCode, payment).toBe(200);
      expect(await rowOf(id)).toBeUndefined();
    }
    const blocked = await as('POST', '/api/admin/blocked-time', { date, startTime: '13:00', endTime: '14:00' });
    expect((await as('DELETE', `/api/admin/appointments/${blocked.json().id}`)).statusCode).toBe(200);
  });
});

describe('cancelled and completed bookings stay as they ended', () => {
  it('refuses to reschedule a cancelled and refunded booking (409), and tells the customer nothing', async () => {
    const customer = await t.createUser({ role: 'customer' });
    const date = openDayAfter(t, 9);
    const { booking } = await createBooking(t, { dateKey: date, time: '09:00', userId: customer.user.id });
    const intent = await paidTestIntent(t, toCents(booking.totalAmount));
    await t.handle.executeSql('update bookings set payment_intent_id = $1 where id = $2', [intent, booking.id]);
    expect((await as('POST', `/api/admin/bookings/${booking.id}/cancel`, {})).statusCode).toBe(200);
    const mailsBefore = (await t.handle.executeSql('select count(*)::int as n from email_outbox where "to" = $1', [customer.user.email])).rows[0] as { n: number };

    const moved = await as('PUT', `/api/admin/bookings/${booking.id}`, { date: openDayAfter(t, 10), time: '10:00' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'BOOKING_CLOSED', params: { status: 'cancelled' } });
    expect(moved.json().message).toMatch(/cancelled booking cannot be/);
    const grid = await as('PUT', `/api/admin/appointments/${booking.id}`, { customerName: 'X', customerEmail: 'x@example.com', serviceId: booking.serviceId, date: openDayAfter(t, 10), time: '10:00' });
    expect(grid.statusCode, grid.body).toBe(409);
    expect(grid.json()).toMatchObject({ code: 'BOOKING_CLOSED' });

    const row = await rowOf(booking.id);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'refunded', business_date: date });
    const mailsAfter = (await t.handle.executeSql('select count(*)::int as n from email_outbox where "to" = $1', [customer.user.email])).rows[0] as { n: number };
    expect(mailsAfter.n).toBe(mailsBefore.n);
  });

  it('refuses to move or edit a completed booking, even keeping its time', async () => {
    const date = openDayAfter(t, 9);
    const { booking } = await createBooking(t, { dateKey: date, time: '11:00', status: 'completed' });
    const sameTime = await as('PUT', `/api/admin/bookings/${booking.id}`, { date, time: '11:00', notes: 'rewritten afterwards' });
    expect(sameTime.statusCode, sameTime.body).toBe(409);
    expect(sameTime.json()).toMatchObject({ code: 'BOOKING_CLOSED', params: { status: 'completed' } });
    expect((await rowOf(booking.id))?.notes).toBeNull();
    const moved = await as('PUT', `/api/admin/bookings/${booking.id}`, { date: openDayAfter(t, 10), time: '11:00' });
    expect(moved.statusCode).toBe(409);
  });

  it('still reschedules an open booking', async () => {
    const { booking } = await createBooking(t, { dateKey: openDayAfter(t, 9), time: '13:00' });
    const moved = await as('PUT', `/api/admin/bookings/${booking.id}`, { date: openDayAfter(t, 11), time: '13:00' });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('the block editor saves what it shows', () => {
  const stepsFree = async (date: string) => {
    const response = await t.call('GET', `/api/services/${hourService}/available-slots?date=${date}`);
    return (response.json() as Array<{ startTime: string }>).map((s) => s.startTime);
  };
  const gridBlock = async (date: string, id: string) => {
    const week = (await t.call('GET', `/api/admin/schedule?startDate=${date}&days=1`, { cookie: admin })).json() as {
      days: Array<{ appointments: Array<{ id: string; startTime: string; endTime: string; durationMinutes: number; blockReason: string | null }> }>;
    };
    return week.days[0]!.appointments.find((a) => a.id === id);
  };

  it('keeps start, end and length when saved unchanged, and shows the reason', async () => {
    const date = await singleCapacityDay(12);
    const blocked = await as('POST', '/api/admin/blocked-time', { date, startTime: '13:00', endTime: '16:00', reason: 'Van service' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const id = blocked.json().id as string;
    const shown = await gridBlock(date, id);
    expect(shown).toMatchObject({ startTime: '13:00', endTime: '16:00', durationMinutes: 180, blockReason: 'Van service' });

    const saved = await as('PUT', `/api/admin/blocked-time/${id}`, { date, startTime: shown!.startTime, endTime: shown!.endTime, reason: shown!.blockReason });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await gridBlock(date, id)).toMatchObject({ startTime: '13:00', endTime: '16:00', durationMinutes: 180, blockReason: 'Van service' });
    const free = await stepsFree(date);
    for (const step of ['13:00', '14:00', '15:00', '15:30']) expect(free, step).not.toContain(step);
  });

  it('frees what it no longer covers and claims what it newly covers (409 when that time is taken)', async () => {
    const date = await singleCapacityDay(13);
    const id = (await as('POST', '/api/admin/blocked-time', { date, startTime: '13:00', endTime: '16:00' })).json().id as string;
    const shrunk = await as('PUT', `/api/admin/blocked-time/${id}`, { date, startTime: '13:00', endTime: '14:00', reason: 'Lunch' });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(await gridBlock(date, id)).toMatchObject({ startTime: '13:00', endTime: '14:00', durationMinutes: 60, blockReason: 'Lunch' });
    expect(await stepsFree(date)).toEqual(expect.arrayContaining(['14:00', '15:00']));

    await phoneAppointment(date, '15:00');
    const grown = await as('PUT', `/api/admin/blocked-time/${id}`, { date, startTime: '13:00', endTime: '16:00', reason: 'Lunch' });
    expect(grown.statusCode, grown.body).toBe(409);
    expect(grown.json()).toMatchObject({ code: 'SLOT_FULL' });
    expect(await gridBlock(date, id)).toMatchObject({ endTime: '14:00', durationMinutes: 60 });
  });

  it('refuses blocked time in the appointment form, and appointments in the block editor', async () => {
    const date = openDayAfter(t, 14);
    const id = (await as('POST', '/api/admin/blocked-time', { date, startTime: '09:00', endTime: '12:00' })).json().id as string;
    const viaForm = await as('PUT', `/api/admin/appointments/${id}`, { customerName: 'BLOCKED TIME', customerEmail: 'admin@glint.local', serviceId: hourService, date, time: '09:00' });
    expect(viaForm.statusCode, viaForm.body).toBe(409);
    expect(viaForm.json()).toMatchObject({ code: 'BLOCKED_TIME_EDITOR' });
    expect((await rowOf(id))?.duration_minutes).toBe(180);

    const appointment = await phoneAppointment(date, '14:00');
    const wrong = await as('PUT', `/api/admin/blocked-time/${appointment}`, { date, startTime: '14:00', endTime: '15:00' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'BLOCKED_TIME_NOT_FOUND' });
    const backwards = await as('PUT', `/api/admin/blocked-time/${id}`, { date, startTime: '12:00', endTime: '09:00' });
    expect(backwards.statusCode).toBe(400);
  });
});
