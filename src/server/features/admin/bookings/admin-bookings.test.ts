import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../events/bus';
import { toCents } from '../../../../shared/money';
import { createTestApp, latestMailTo, type TestApp } from '../../../test/harness';
import { createBooking, paidTestIntent, refundedCents } from '../../../test/account-fixtures';

let t: TestApp;
let admin: string;
let events: LiveEvent[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  admin = await t.login('admin@glint.local');
  t.ctx.events.subscribe((event) => events.push(event));
});
afterAll(() => t.close());

interface Listed {
  items: Array<{ id: string; status: string; assignedDriverId: string | null; user: { email: string } | null; updates: Array<{ status: string; message: string | null }> }>;
  total: number;
  page: number;
  pageSize: number;
}
const list = async (query = '') => {
  const response = await t.call('GET', `/api/admin/bookings${query}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Listed;
};
const waitFor = async (predicate: () => boolean) => {
  for (let i = 0; i < 50 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
  return predicate();
};

describe('Manage Bookings', () => {
  it('lists bookings newest first, paginated, with their updates', async () => {
    // The demo customer's five bookings and four by other customers across the county.
    const all = await list('?sort=newest');
    expect(all.total).toBe(9);
    const page = await list('?page=2&pageSize=2&sort=newest');
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 9 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.id).toBe(all.items[2]!.id);
    const created = all.items.map((b) => Date.parse((b as unknown as { createdAt: string }).createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const confirmed = all.items.find((b) => b.status === 'confirmed')!;
    expect(confirmed.updates).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'confirmed', message: 'Payment received. Your booking is confirmed.' })]));
  });

  it('filters by status, day range and search text', async () => {
    expect((await list('?status=completed')).total).toBe(2);
    expect((await list('?status=confirmed')).items.every((b) => b.status === 'confirmed')).toBe(true);
    expect((await list('?search=CUSTOMER@GLINT')).total).toBe(5);
    expect((await list('?search=Headlight')).total).toBe(1);
    expect((await list('?search=nobody-matches-this')).total).toBe(0);
    expect((await list('?from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const bad = await t.call('GET', '/api/admin/bookings?status=flying', { cookie: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('sets any status, records an update, publishes it live and e-mails the customer where it matters', async () => {
    const booking = (await list('?status=confirmed')).items[0]!;
    events = [];
    const response = await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'cancelled' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled' });
    expect(response.json().updates[0]).toMatchObject({ status: 'cancelled' });
    expect(await waitFor(() => events.some((e) => e.type === 'booking_status_update' && e.bookingId === booking.id && e.status === 'cancelled'))).toBe(true);
    // The status menu cancels as the Cancel button does: the cancellation e-mail, not a status notice.
    const mail = await latestMailTo(t, 'customer@glint.local');
    expect(mail?.subject).toMatch(/: booking cancelled$/);
    // A refunded booking never becomes active again (it needs a new payment).
    const refunded = await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'in_progress' } });
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().code).toBe('BOOKING_REFUNDED');
    // An unpaid one comes back: the admin is not bound by the driver's order of steps.
    await t.handle.executeSql("update bookings set payment_status = 'unpaid' where id = $1", [booking.id]);
    const back = await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'in_progress', message: 'Started early' } });
    expect(back.json()).toMatchObject({ status: 'in_progress' });
    expect(back.json().updates[0]).toMatchObject({ status: 'in_progress', message: 'Started early' });
    const invalid = await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'teleported' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Please choose a valid status');
  });

  it('refunds a paid booking the business cancels, once, and says so in the update', async () => {
    const { booking } = await createBooking(t, { time: '14:00' });
    const intent = await paidTestIntent(t, toCents(booking.totalAmount));
    await t.handle.executeSql('update bookings set payment_intent_id = $1 where id = $2', [intent, booking.id]);

    const cancelled = await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await refundedCents(t, intent)).toBe(toCents(booking.totalAmount));
    const [row] = (await t.handle.executeSql('select payment_status from bookings where id = $1', [booking.id])).rows;
    expect(row!.payment_status).toBe('refunded');
    expect(cancelled.json().updates[0].message).toMatch(/full refund/i);

    // Setting it to cancelled again refunds nothing more.
    await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'cancelled' } });
    expect(await refundedCents(t, intent)).toBe(toCents(booking.totalAmount));
  });

  it('assigns and unassigns the driver with a booking update and a driver_assigned event', async () => {
    const drivers = (await t.call('GET', '/api/drivers', { cookie: admin })).json() as Array<{ id: string; fullName: string; email: string }>;
    expect(drivers.map((d) => d.fullName).sort()).toEqual(['Diego Ramirez', 'Marcus Lee', 'Priya Shah']);
    drivers.sort((a, b) => (a.email === 'driver@glint.local' ? -1 : b.email === 'driver@glint.local' ? 1 : 0));
    const booking = (await list()).items.find((b) => !b.assignedDriverId && b.user)!;
    events = [];
    const assigned = await t.call('POST', `/api/drivers/${drivers[0]!.id}/assign/${booking.id}`, { cookie: admin });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ assignedDriverId: drivers[0]!.id, driver: { fullName: 'Diego Ramirez' } });
    expect(await waitFor(() => events.some((e) => e.type === 'driver_assigned' && e.bookingId === booking.id && e.driverId === drivers[0]!.id))).toBe(true);
    const detail = (await t.call('GET', `/api/admin/bookings/${booking.id}`, { cookie: admin })).json();
    expect(detail.updates[0]).toMatchObject({ message: 'Driver assigned: Diego Ramirez' });
    const mail = await latestMailTo(t, booking.user!.email);
    expect(mail?.subject).toMatch(/your detailer is Diego Ramirez/);

    events = [];
    const removed = await t.call('POST', `/api/drivers/unassign/assign/${booking.id}`, { cookie: admin });
    expect(removed.json()).toMatchObject({ assignedDriverId: null, driver: null });
    expect(await waitFor(() => events.some((e) => e.type === 'driver_assigned' && e.driverId === null))).toBe(true);

    const customer = await t.createUser({ role: 'customer' });
    const notDriver = await t.call('POST', `/api/drivers/${customer.user.id}/assign/${booking.id}`, { cookie: admin });
    expect(notDriver.statusCode).toBe(400);
    expect(notDriver.json().message).toBe('That driver does not exist or is disabled');
  });

  it("edits a booking's saved address from the customer's own addresses only", async () => {
    const booking = (await list('?search=Headlight')).items[0]!;
    const detail = (await t.call('GET', `/api/admin/bookings/${booking.id}`, { cookie: admin })).json();
    const addresses = (await t.call('GET', `/api/admin/customers/${detail.userId}/addresses`, { cookie: admin })).json();
    expect(addresses).toEqual([expect.objectContaining({ street: '425 Park Ave', isDefault: true })]);
    const date = detail.businessDate as string;
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(detail.scheduledDate));
    const foreign = await t.call('PUT', `/api/admin/bookings/${booking.id}`, { cookie: admin, body: { date, time, addressId: '00000000-0000-4000-8000-000000000000' } });
    expect(foreign.statusCode).toBe(400);
    const same = await t.call('PUT', `/api/admin/bookings/${booking.id}`, { cookie: admin, body: { date, time, addressId: addresses[0].id, notes: 'Ring twice' } });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ notes: 'Ring twice', address: { street: '425 Park Ave' } });
  });

  it('refuses to delete a paid or finished booking (cancel it instead); deletes an unpaid one the business made that never started', async () => {
    const paid = (await list('?status=completed')).items[0]!;
    expect((await t.call('DELETE', `/api/admin/bookings/${paid.id}`, { cookie: admin })).statusCode).toBe(409);
    const booking = paid;
    await t.handle.executeSql("update bookings set source = 'admin', payment_status = 'unpaid' where id = $1", [booking.id]);
    // Finished work stays on record even unpaid; only a job that never started may go.
    expect((await t.call('DELETE', `/api/admin/bookings/${booking.id}`, { cookie: admin })).statusCode).toBe(409);
    await t.handle.executeSql("update bookings set status = 'confirmed', payment_intent_id = null where id = $1", [booking.id]);
    const deleted = await t.call('DELETE', `/api/admin/bookings/${booking.id}`, { cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await t.call('GET', `/api/admin/bookings/${booking.id}`, { cookie: admin })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/admin/bookings/${booking.id}`, { cookie: admin })).statusCode).toBe(404);
  });
});

describe('the dashboard', () => {
  it('counts services, bookings, revenue (money received net of refunds) and customers as the Customers page does', async () => {
    const response = await t.call('GET', '/api/admin/dashboard', { cookie: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.services).toBe(7);
    const customersPage = (await t.call('GET', '/api/admin/customers', { cookie: admin })).json() as { total: number };
    expect(body.customers).toBe(customersPage.total);
    const all = await list('?pageSize=100');
    expect(body.bookings).toBe(all.total);
    const views = (await Promise.all(all.items.map(async (b) => (await t.call('GET', `/api/admin/bookings/${b.id}`, { cookie: admin })).json()))) as Array<{ paymentStatus: string; totalAmount: string }>;
    const cents = views.filter((b) => b.paymentStatus === 'paid' || b.paymentStatus === 'store').reduce((sum, b) => sum + Math.round(Number(b.totalAmount) * 100), 0);
    expect(body.revenue).toBe((cents / 100).toFixed(2));
  });

  it("lists today's bookings (Pacific day) at a glance, blocked time left out", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t.ctx.now());
    const revenueBefore = ((await t.call('GET', '/api/admin/dashboard', { cookie: admin })).json() as { revenue: string }).revenue;
    await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: { date: today, startTime: '08:00', endTime: '20:00', maxCapacity: 3 } });
    const services = (await t.call('GET', '/api/admin/services', { cookie: admin })).json() as Array<{ id: string; name: string }>;
    const created = await t.call('POST', '/api/admin/appointments', {
      cookie: admin,
      body: { customerName: 'Today Person', customerEmail: 'today@example.com', serviceId: services.find((s) => s.name === 'Headlight Restoration')!.id, date: today, time: '12:00' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.call('POST', '/api/admin/blocked-time', { cookie: admin, body: { date: today, startTime: '15:00', endTime: '15:59' } });
    const body = (await t.call('GET', '/api/admin/dashboard', { cookie: admin })).json();
    expect(body.todayDate).toBe(today);
    expect(body.today).toEqual([expect.objectContaining({ id: created.json().id, guestName: 'Today Person' })]);
    // A phone appointment for a guest is not a customer account: the count still agrees with the Customers page.
    expect(body.customers).toBe(((await t.call('GET', '/api/admin/customers', { cookie: admin })).json() as { total: number }).total);
    // …and an unpaid phone appointment is not revenue.
    expect(body.revenue).toBe(revenueBefore);
  });
});
