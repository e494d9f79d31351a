import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../../shared/money';
import { pacificDateKey } from '../../../../shared/time';
import { createTestApp, latestMailTo, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { createBooking, openDayAfter, paidTestIntent, refundedCents } from '../../../test/account-fixtures';

/** The owner's day: no one-click money loss, no double submits, no lockout, closures with no query. */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

async function paidWebBooking(time: string) {
  const customer = await t.createUser({ role: 'customer' });
  const { booking } = await createBooking(t, { time, userId: customer.user.id });
  const intent = await paidTestIntent(t, toCents(booking.totalAmount));
  await t.handle.executeSql('update bookings set payment_intent_id = $1 where id = $2', [intent, booking.id]);
  return { booking, intent, email: customer.user.email };
}

const paymentStatusOf = async (id: string) => (await t.handle.executeSql('select payment_status, status from bookings where id = $1', [id])).rows[0] as { payment_status: string; status: string } | undefined;

describe('delete or cancel', () => {
  it('refuses to delete a paid web booking from the schedule grid or the bookings list: the payment record stays', async () => {
    const { booking, intent } = await paidWebBooking('09:00');
    for (const url of [`/api/admin/appointments/${booking.id}`, `/api/admin/bookings/${booking.id}`]) {
      const response = await t.call('DELETE', url, { cookie: admin });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'BOOKING_NOT_DELETABLE' });
    }
    expect(await paymentStatusOf(booking.id)).toEqual({ payment_status: 'paid', status: 'confirmed' });
    expect(await refundedCents(t, intent)).toBe(0);
  });

  it('deletes an unpaid appointment the business made, and blocked time', async () => {
    const date = openDayAfter(t, 9);
    await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: { date, startTime: '08:00', endTime: '18:00', maxCapacity: 3 } });
    const services = (await t.call('GET', '/api/admin/services', { cookie: admin })).json() as Array<{ id: string }>;
    const made = await t.call('POST', '/api/admin/appointments', { cookie: admin, body: { customerName: 'Phone Person', customerEmail: 'phone@example.com', serviceId: services[0]!.id, date, time: '10:00' } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await t.call('DELETE', `/api/admin/appointments/${made.json().id}`, { cookie: admin })).statusCode).toBe(200);
    const blocked = await t.call('POST', '/api/admin/blocked-time', { cookie: admin, body: { date, startTime: '13:00', endTime: '14:00' } });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect((await t.call('DELETE', `/api/admin/appointments/${blocked.json().id}`, { cookie: admin })).statusCode).toBe(200);
  });

  it('cancels through the booking core: refunds a paid booking once, says so, and e-mails the customer', async () => {
    const { booking, intent, email } = await paidWebBooking('11:00');
    const response = await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: { message: 'Our van broke down' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refunded: true, booking: { status: 'cancelled', paymentStatus: 'refunded' } });
    expect(response.json().message).toMatch(/refunded/);
    expect(response.json().booking.updates[0].message).toMatch(/Cancelled by the business\. A full refund/);
    expect(await refundedCents(t, intent)).toBe(toCents(booking.totalAmount));
    const mail = await latestMailTo(t, email);
    expect(mail?.subject).toMatch(/booking cancelled/);
    expect(mail?.text).toMatch(/full refund/);
    // A second cancel moves no money.
    const again = await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: {} });
    expect(again.statusCode).toBe(409);
    expect(await refundedCents(t, intent)).toBe(toCents(booking.totalAmount));
  });

  it('refuses to make a refunded booking active again (status list), but an unpaid cancelled one may come back', async () => {
    const { booking } = await paidWebBooking('12:00');
    expect((await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'cancelled' } })).statusCode).toBe(200);
    for (const status of ['confirmed', 'in_progress', 'completed'] as const) {
      const back = await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status } });
      expect(back.statusCode, status).toBe(409);
      expect(back.json()).toMatchObject({ code: 'BOOKING_REFUNDED' });
    }
    expect(await paymentStatusOf(booking.id)).toEqual({ payment_status: 'refunded', status: 'cancelled' });

    const { booking: unpaid } = await createBooking(t, { time: '15:00', paymentStatus: 'unpaid' });
    await t.call('PATCH', `/api/bookings/${unpaid.id}/status`, { cookie: admin, body: { status: 'cancelled' } });
    expect((await t.call('PATCH', `/api/bookings/${unpaid.id}/status`, { cookie: admin, body: { status: 'confirmed' } })).statusCode).toBe(200);
  });
});

describe('double submits', () => {
  const serviceBody = { name: 'Double Click Wash', description: 'Twice?', price: '50.00', serviceFee: '5.00', duration: 60, imageUrl: null, isActive: true, locationOptions: { mobile: true, pickup: true, serviceLocation: false } };

  it('two concurrent Create Service with one Idempotency-Key make one service (the other replays or answers 409)', async () => {
    const headers = { 'idempotency-key': 'svc-key-0001' };
    const [a, b] = await Promise.all([
      t.call('POST', '/api/admin/services', { cookie: admin, body: serviceBody, headers }),
      t.call('POST', '/api/admin/services', { cookie: admin, body: serviceBody, headers }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect([[201, 201], [201, 409]]).toContainEqual(statuses);
    const { rows } = await t.handle.executeSql("select count(*)::int as n from services where name = 'Double Click Wash'");
    expect(rows[0]).toEqual({ n: 1 });
    // A later retry with the same key gets the same service back.
    const retry = await t.call('POST', '/api/admin/services', { cookie: admin, body: serviceBody, headers });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe((a.statusCode === 201 ? a : b).json().id);
  });

  it('two concurrent Create Appointment and Add Availability with one key each make one record', async () => {
    const date = openDayAfter(t, 12);
    const availability = { date, startTime: '08:00', endTime: '18:00', maxCapacity: 3 };
    const [x, y] = await Promise.all([
      t.call('POST', '/api/admin/business-availability', { cookie: admin, body: availability, headers: { 'idempotency-key': 'avail-key-01' } }),
      t.call('POST', '/api/admin/business-availability', { cookie: admin, body: availability, headers: { 'idempotency-key': 'avail-key-01' } }),
    ]);
    expect([x.statusCode, y.statusCode]).toContain(201);
    expect((await t.handle.executeSql('select count(*)::int as n from business_availability where date = $1', [date])).rows[0]).toEqual({ n: 1 });
    // Without a key the natural key refuses the same window twice.
    const dup = await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: availability });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('AVAILABILITY_EXISTS');

    const services = (await t.call('GET', '/api/admin/services', { cookie: admin })).json() as Array<{ id: string }>;
    const body = { customerName: 'Twice Clicked', customerEmail: 'twice@example.com', serviceId: services[0]!.id, date, time: '10:00' };
    const headers = { 'idempotency-key': 'appt-key-001' };
    const [p, q] = await Promise.all([t.call('POST', '/api/admin/appointments', { cookie: admin, body, headers }), t.call('POST', '/api/admin/appointments', { cookie: admin, body, headers })]);
    expect([p.statusCode, q.statusCode]).toContain(201);
    expect([p.statusCode, q.statusCode].every((s) => s === 201 || s === 409)).toBe(true);
    expect((await t.handle.executeSql("select count(*)::int as n from bookings where guest_email = 'twice@example.com'")).rows[0]).toEqual({ n: 1 });
  });

  it('two concurrent Create User / Add Driver with one e-mail: one account, the other 409 with a message, never 500', async () => {
    for (const url of ['/api/admin/users', '/api/admin/staff']) {
      const email = `race-${url.split('/').pop()}@example.com`;
      const body = { fullName: 'Race Person', email, phone: null };
      const results = await Promise.all([t.call('POST', url, { cookie: admin, body }), t.call('POST', url, { cookie: admin, body })]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, results.map((r) => r.body).join(' ')).toEqual([201, 409]);
      const conflict = results.find((r) => r.statusCode === 409)!.json();
      expect(conflict.message).toMatch(/already registered/i);
      if (url === '/api/admin/users') expect(results.find((r) => r.statusCode === 201)!.json().invitationSent).toBe(true);
      expect((await t.handle.executeSql('select count(*)::int as n from users where email = $1', [email])).rows[0]).toEqual({ n: 1 });
    }
  });

  it('two concurrent accounts whose e-mails share a local part both get made, with distinct usernames', async () => {
    const bodies = ['twin@one.example.com', 'twin@two.example.com'].map((email) => ({ fullName: 'Twin Person', email, phone: null }));
    const results = await Promise.all(bodies.map((body) => t.call('POST', '/api/admin/users', { cookie: admin, body })));
    expect(results.map((r) => r.statusCode), results.map((r) => r.body).join(' ')).toEqual([201, 201]);
    const rows = (await t.handle.executeSql("select username from users where email like 'twin@%' order by username")).rows as Array<{ username: string }>;
    expect(new Set(rows.map((r) => r.username)).size).toBe(2);
  });
});

describe('sign-in throttling', () => {
  it('a stranger guessing from their address cannot lock the owner out; the locked pair is told so, with progressive delays', async () => {
    const stranger = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.call('POST', '/api/auth/login', { ip: stranger, body: { email: 'admin@glint.local', password: 'wrong-guess' } })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await t.call('POST', '/api/auth/login', { ip: stranger, body: { email: 'admin@glint.local', password: 'wrong-guess' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'SIGN_IN_LOCKED', params: { minutes: 1 } });
    expect(locked.json().message).toMatch(/locked for 1 minute/);
    // The owner, on their own device, signs in.
    expect((await t.call('POST', '/api/auth/login', { ip: '192.0.2.10', body: { email: 'admin@glint.local', password: TEST_PASSWORD } })).statusCode).toBe(200);
    // The stranger's next failure after the delay locks for longer (2 minutes).
    t.clock.advance(61_000);
    try {
      expect((await t.call('POST', '/api/auth/login', { ip: stranger, body: { email: 'admin@glint.local', password: 'wrong-guess' } })).statusCode).toBe(401);
      const longer = await t.call('POST', '/api/auth/login', { ip: stranger, body: { email: 'admin@glint.local', password: TEST_PASSWORD } });
      expect(longer.json()).toMatchObject({ code: 'SIGN_IN_LOCKED', params: { minutes: 2 } });
    } finally {
      t.clock.advance(-61_000);
    }
  });
});

describe('business closures', () => {
  it('answers the closures from today on when called with no query (as the schedule page does)', async () => {
    const today = pacificDateKey(t.ctx.now());
    const day = openDayAfter(t, 20);
    expect((await t.call('POST', '/api/admin/business-closures', { cookie: admin, body: { date: day, name: 'Staff day', reason: null, type: 'staff', isRecurring: false } })).statusCode).toBe(201);
    const response = await t.call('GET', '/api/admin/business-closures', { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json() as Array<{ date: string; isRecurring: boolean }>;
    expect(rows.some((r) => r.date === day)).toBe(true);
    expect(rows.filter((r) => !r.isRecurring).every((r) => r.date >= today)).toBe(true);
  });
});

describe('the owner takes jobs', () => {
  it('assigns a booking to the admin ("Assign to me"), who then sees and works it from /api/driver', async () => {
    const [me] = (await t.handle.executeSql("select id from users where email = 'admin@glint.local'")).rows as Array<{ id: string }>;
    const { booking } = await createBooking(t, { time: '16:00', serviceType: 'mobile' });
    const assigned = await t.call('POST', `/api/drivers/${me!.id}/assign/${booking.id}`, { cookie: admin });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ assignedDriverId: me!.id });
    const mine = (await t.call('GET', '/api/driver/bookings?scope=active', { cookie: admin })).json() as { items: Array<{ id: string }> };
    expect(mine.items.map((b) => b.id)).toContain(booking.id);
    // The mobile path, five taps: en route, arrived, in progress, service completed, completed.
    for (const status of ['en_route_pickup', 'arrived_pickup', 'in_progress', 'completed_service', 'completed']) {
      // The job is on a later day: completing it early carries its reason.
      const body = status === 'completed' ? { status, message: 'Finished ahead of the day' } : { status };
      const step = await t.call('PUT', `/api/driver/bookings/${booking.id}/status`, { cookie: admin, body });
      expect(step.statusCode, `${status}: ${step.body}`).toBe(200);
    }
  });
});
