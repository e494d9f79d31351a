import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientBooking, ClientDetail, ClientSummary } from '../../../../shared/schemas/clients';
import { bookings, clients, shopifyCustomers, shopifyOrders } from '../../../db/schema';
import { anyService, openDayAfter } from '../../../test/account-fixtures';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertStoreOrder } from '../../../test/store-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC, seedDemo: true });
  // The demo's one technician has Tuesday 10:00 taken: two more, so the guests' bookings there find someone (decision 055).
  for (const n of [1, 2]) await t.createUser({ role: 'driver', fullName: `Extra Technician ${n}` });
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const list = async (q = '') => {
  const response = await t.call('GET', `/api/admin/clients${q ? `?q=${encodeURIComponent(q)}` : ''}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: ClientSummary[]; total: number };
};
const detail = async (id: string) => {
  const response = await t.call('GET', `/api/admin/clients/${id}`, { cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClientDetail;
};
const history = async (id: string) => (await t.call('GET', `/api/admin/clients/${id}/bookings`, { cookie: admin })).json() as { items: ClientBooking[]; total: number };

let slot = 0;
/** A phone appointment made by the admin. */
async function phoneAppointment(customer: { name: string; email: string; phone: string }, extra: Record<string, unknown> = {}) {
  const service = await anyService(t);
  // Each on its own day and alternating hours, so capacity never refuses one.
  const day = openDayAfter(t, 8 + slot);
  const time = slot % 2 ? '14:00' : '10:00';
  slot++;
  const made = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: customer.name, customerEmail: customer.email, customerPhone: customer.phone, serviceId: service.id, date: day, time, payment: 'on_site', ...extra },
  });
  expect(made.statusCode, made.body).toBe(201);
  return (made.json() as { id: string }).id;
}

const clientOfBooking = async (bookingId: string) => (await t.ctx.db.select({ clientId: bookings.clientId }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.clientId!;

describe('the client list', () => {
  it('lists accounts, web guests, phone and store customers, each with where they came from', async () => {
    const guest = await t.call('POST', '/api/bookings', {
      headers: { 'idempotency-key': 'clients-guest-1' },
      body: { serviceId: (await serviceNamed(t, 'Full Detail')).id, serviceType: 'mobile', slotId: `${TUESDAY}T10:00`, address: HOME, guestEmail: 'wendy.web@example.com', guestName: 'Wendy Web', guestPhone: '4085550131', vehicle: 'Red Mazda Miata' },
    });
    expect(guest.statusCode, guest.body).toBe(201);
    await phoneAppointment({ name: 'Phil Phone', email: 'phil.phone@example.com', phone: '(408) 555-0132' });

    const service = await serviceNamed(t, 'Express Exterior Wash');
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: '7001', email: 'sally.store@example.com', productServiceIds: [service.id], shippingAddress: { address1: '425 Park Ave', city: 'San Jose', province: 'CA', zip: '95110', country: 'US' } });
    await t.ctx.db.insert(shopifyCustomers).values({ shopifyCustomerId: 'gid://shopify/Customer/7001', firstName: 'Sally', lastName: 'Store', email: 'sally.store@example.com' });
    await t.ctx.db.update(shopifyOrders).set({ shopifyCustomerId: 'gid://shopify/Customer/7001' }).where(eq(shopifyOrders.id, order.id));
    const scheduled = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, {
      body: { email: 'sally.store@example.com', serviceId: service.id, slotId: `${TUESDAY}T11:00`, dateKey: TUESDAY, serviceType: 'mobile', address: HOME, phone: '4085550133' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    // The store customer's name is on the booking, so the board and the e-mails greet her by it.
    const [storeBooking] = await t.ctx.db.select({ guestName: bookings.guestName }).from(bookings).where(eq(bookings.id, scheduled.json().booking.id));
    expect(storeBooking!.guestName).toBe('Sally Store');

    const all = await list();
    const byEmail = (email: string) => all.items.find((c) => c.email === email);
    expect(byEmail('customer@glint.local')).toMatchObject({ name: 'Casey Morgan', source: 'account', totalBookings: 5 });
    expect(Number(byEmail('customer@glint.local')!.lifetimeSpend)).toBeGreaterThan(0);
    expect(byEmail('wendy.web@example.com')).toMatchObject({ name: 'Wendy Web', source: 'guest', totalBookings: 1, lifetimeSpend: '0.00', userId: null });
    expect(byEmail('phil.phone@example.com')).toMatchObject({ name: 'Phil Phone', source: 'phone', phone: '+14085550132', totalBookings: 1 });
    expect(byEmail('sally.store@example.com')).toMatchObject({ name: 'Sally Store', source: 'store', lifetimeSpend: '189.00' });
    expect(all.items.some((c) => c.email === 'admin@glint.local' || c.email === 'driver@glint.local')).toBe(false);
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|password_hash|token/i);
  });

  it('searches name, e-mail (any case), phone digits however written, and vehicle text; pages', async () => {
    expect((await list('wendy')).items.map((c) => c.email)).toEqual(['wendy.web@example.com']);
    expect((await list('PHIL.PHONE@EXAMPLE.COM')).items.map((c) => c.name)).toEqual(['Phil Phone']);
    expect((await list('408-555-0132')).items.map((c) => c.name)).toEqual(['Phil Phone']);
    expect((await list('5550132')).items.map((c) => c.name)).toEqual(['Phil Phone']);
    expect((await list('miata')).items.map((c) => c.name)).toEqual(['Wendy Web']);
    expect((await list('zzz-no-one')).total).toBe(0);
    const page = (await t.call('GET', '/api/admin/clients?page=2&pageSize=2', { cookie: admin })).json() as { items: unknown[]; page: number; total: number };
    expect(page.page).toBe(2);
    expect(page.items.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect((await t.call('GET', '/api/admin/clients?pageSize=1000', { cookie: admin })).statusCode).toBe(400);
  });
});

describe('a phone customer’s record', () => {
  it('shows contact, vehicles, addresses and every booking; the admin keeps notes, tags and consent on it', async () => {
    const first = await phoneAppointment(
      { name: 'Rita Regular', email: 'rita@example.com', phone: '4085550141' },
      { serviceType: 'mobile', address: { street: '9 Elm St', city: 'San Jose', state: 'CA', zipCode: '95126' }, notes: 'Gate code 1234' },
    );
    const second = await phoneAppointment({ name: 'Rita Regular', email: 'RITA@example.com', phone: '(408) 555-0141' });
    const id = await clientOfBooking(first);
    expect(await clientOfBooking(second)).toBe(id);

    const record = await detail(id);
    expect(record).toMatchObject({ name: 'Rita Regular', email: 'rita@example.com', source: 'phone', totalBookings: 2, notes: '', tags: [], marketingConsent: false, packageCredits: [] });
    expect(record.addresses).toContainEqual({ street: '9 Elm St', city: 'San Jose', state: 'CA', zipCode: '95126', saved: false });
    expect((await history(id)).items.map((b) => b.id).sort()).toEqual([first, second].sort());

    const saved = await t.call('PUT', `/api/admin/clients/${id}`, { cookie: admin, body: { notes: 'Prefers mornings. Dog in the yard.', tags: ['vip', 'vip', 'fleet'], marketingConsent: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ notes: 'Prefers mornings. Dog in the yard.', tags: ['vip', 'fleet'], marketingConsent: true });
    expect((await detail(id)).notes).toBe('Prefers mornings. Dog in the yard.');
    expect((await t.call('PUT', `/api/admin/clients/${id}`, { cookie: admin, body: { phone: 'call me' } })).statusCode).toBe(400);
  });

  it('an account’s record shows its saved addresses and last visit, and edits its contact through the account', async () => {
    const casey = (await list('customer@glint.local')).items[0]!;
    const record = await detail(casey.id);
    expect(record.addresses.some((a) => a.saved && a.street === '425 Park Ave')).toBe(true);
    expect(record.lastVisit).not.toBeNull();
    const { user } = await t.createUser({ fullName: 'Edna Edit', email: 'edna@example.com' });
    const edna = (await list('edna@example.com')).items[0]!;
    expect(edna).toMatchObject({ userId: user.id, source: 'account', emailVerified: expect.any(Boolean) });
    const edited = await t.call('PUT', `/api/admin/clients/${edna.id}`, { cookie: admin, body: { name: 'Edna Edited', email: 'Edna.New@example.com', phone: '4085550142' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Edna Edited', email: 'edna.new@example.com', phone: '+14085550142', emailVerified: false });
    const signedIn = await t.call('GET', '/api/auth/me', { cookie: await t.login('edna.new@example.com') });
    expect(signedIn.json()).toMatchObject({ fullName: 'Edna Edited' });
  });

  it('answers 404 for a client that does not exist', async () => {
    expect((await t.call('GET', '/api/admin/clients/00000000-0000-4000-8000-000000000000', { cookie: admin })).statusCode).toBe(404);
  });
});

describe('merging two clients', () => {
  it('moves bookings, notes and tags; the merged one leaves the list and its old link opens the other', async () => {
    const phoneBooking = await phoneAppointment({ name: 'Mo Merge', email: 'mo.work@example.com', phone: '4085550151' });
    const webBooking = await phoneAppointment({ name: 'Mo Merge', email: 'mo.home@example.com', phone: '4085550152' });
    const from = await clientOfBooking(phoneBooking);
    const into = await clientOfBooking(webBooking);
    expect(from).not.toBe(into);
    await t.call('PUT', `/api/admin/clients/${from}`, { cookie: admin, body: { notes: 'Work van', tags: ['fleet'] } });
    await t.call('PUT', `/api/admin/clients/${into}`, { cookie: admin, body: { notes: 'Home car', tags: ['vip'] } });

    const merged = await t.call('POST', `/api/admin/clients/${from}/merge`, { cookie: admin, body: { intoClientId: into } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ id: into, movedBookings: 1 });
    expect(await clientOfBooking(phoneBooking)).toBe(into);
    const record = await detail(into);
    expect(record).toMatchObject({ totalBookings: 2, notes: 'Home car\n\nWork van', mergedCount: 1 });
    expect(record.tags.sort()).toEqual(['fleet', 'vip']);
    expect((await list('Mo Merge')).items.map((c) => c.id)).toEqual([into]);
    expect((await detail(from)).id).toBe(into);
    // Merging it again finds no live client to merge.
    expect((await t.call('POST', `/api/admin/clients/${from}/merge`, { cookie: admin, body: { intoClientId: into } })).statusCode).toBe(404);
  });

  it('refuses merging a client into itself, and two clients that both have accounts (409)', async () => {
    const one = await t.createUser({ fullName: 'Acct One', email: 'acct-one@example.com' });
    const two = await t.createUser({ fullName: 'Acct Two', email: 'acct-two@example.com' });
    const [a] = await t.ctx.db.select().from(clients).where(eq(clients.userId, one.user.id));
    const [b] = await t.ctx.db.select().from(clients).where(eq(clients.userId, two.user.id));
    const refused = await t.call('POST', `/api/admin/clients/${a!.id}/merge`, { cookie: admin, body: { intoClientId: b!.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CLIENT_MERGE_REFUSED', params: { reason: 'two_accounts' } });
    expect(refused.json().message).toMatch(/Both clients have an account/);
    const self = await t.call('POST', `/api/admin/clients/${a!.id}/merge`, { cookie: admin, body: { intoClientId: a!.id } });
    expect(self.json()).toMatchObject({ code: 'CLIENT_MERGE_REFUSED', params: { reason: 'same' } });
    expect((await list('acct-')).total).toBe(2);
  });

  it('an account merged into a guest record: the record that stays takes the account, whose sign-in is untouched', async () => {
    const { user } = await t.createUser({ fullName: 'Ann Account', email: 'ann@example.com' });
    const guestBooking = await phoneAppointment({ name: 'Ann A.', email: 'ann.other@example.com', phone: '4085550153' });
    const guest = await clientOfBooking(guestBooking);
    const [account] = await t.ctx.db.select().from(clients).where(eq(clients.userId, user.id));
    expect((await t.call('POST', `/api/admin/clients/${account!.id}/merge`, { cookie: admin, body: { intoClientId: guest } })).statusCode).toBe(200);
    // Merged the other way round: the surviving record takes the account.
    const survivor = await detail(guest);
    expect(survivor).toMatchObject({ userId: user.id, source: 'account', name: 'Ann Account', totalBookings: 1 });
  });
});

describe('deleting a client', () => {
  it('erases a phone customer: the record goes, bookings stay without personal details, upcoming ones cancelled first', async () => {
    const bookingId = await phoneAppointment({ name: 'Eve Erase', email: 'eve.erase@example.com', phone: '4085550161' }, { notes: 'Blue Civic' });
    const id = await clientOfBooking(bookingId);
    await t.call('PUT', `/api/admin/clients/${id}`, { cookie: admin, body: { notes: 'Eve likes it early' } });
    const upcoming = (await t.call('GET', `/api/admin/clients/${id}/upcoming-bookings`, { cookie: admin })).json() as Array<{ id: string }>;
    expect(upcoming.map((b) => b.id)).toEqual([bookingId]);
    const refused = await t.call('DELETE', `/api/admin/clients/${id}`, { cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CUSTOMER_HAS_UPCOMING_BOOKINGS', params: { count: 1 } });

    const deleted = await t.call('DELETE', `/api/admin/clients/${id}?cancelUpcoming=true`, { cookie: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toMatch(/1 upcoming booking was cancelled/);
    expect(await t.ctx.db.select().from(clients).where(eq(clients.id, id))).toEqual([]);
    expect((await list('eve')).total).toBe(0);
    const [booking] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: 'cancelled', guestName: null, guestEmail: null, guestPhone: null, notes: null, clientId: null });
    const dump = JSON.stringify(await t.handle.executeSql(`select * from email_outbox`));
    expect(dump).not.toContain('eve.erase@example.com');
  });

  it('erases a client with an account through the account deletion', async () => {
    const { user } = await t.createUser({ fullName: 'Del Account', email: 'del.account@example.com' });
    const [client] = await t.ctx.db.select().from(clients).where(eq(clients.userId, user.id));
    const deleted = await t.call('DELETE', `/api/admin/clients/${client!.id}`, { cookie: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'del.account@example.com', password: 'correct-horse-battery' } })).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(clients).where(eq(clients.id, client!.id))).toEqual([]);
    expect((await list('del.account')).total).toBe(0);
  });
});

describe('who may see clients', () => {
  it('refuses a customer (403) and a visitor (401) on every client route', async () => {
    const { cookie } = await t.createUser({ email: 'nosy@example.com' });
    const [someone] = (await list()).items;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/clients'],
      ['GET', `/api/admin/clients/${someone!.id}`],
      ['GET', `/api/admin/clients/${someone!.id}/bookings`],
      ['PUT', `/api/admin/clients/${someone!.id}`, { notes: 'hacked' }],
      ['POST', `/api/admin/clients/${someone!.id}/merge`, { intoClientId: someone!.id }],
      ['DELETE', `/api/admin/clients/${someone!.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.call(method as 'GET', url, { cookie, body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.call(method as 'GET', url, { body })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await detail(someone!.id)).notes).not.toBe('hacked');
  });
});
