import { createStoreClient } from '../../integrations/shopify';
import { demoWebhookSecret, runSync } from '../store-mirror';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, signInAttempts } from '../../db/schema';
import { bookAsGuest, HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { createTestApp, latestMailTo, type TestApp } from '../../test/harness';
import { insertStoreOrder, recordingStore, storeOrderRow } from '../../test/store-fixtures';
import type { ServiceView } from '../../../shared/schemas/services';
import { fulfilStoreOrder, ordersAwaitingFulfilment } from './fulfilment';
import { LOOKUPS_PER_IP } from './store-orders.service';

let t: TestApp;
let admin: string;
let fullDetail: ServiceView;
let orderCounter = 2000;
const nextNumber = () => String(++orderCounter);

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = await t.login('admin@glint.local');
  fullDetail = await serviceNamed(t, 'Full Detail');
});
afterAll(() => t.close());

let store: ReturnType<typeof recordingStore>;
beforeEach(() => {
  store = recordingStore();
  t.ctx.store = store.client;
});

const scheduleBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  serviceId: fullDetail.id,
  slotId: `${TUESDAY}T10:00`,
  dateKey: TUESDAY,
  serviceType: 'mobile',
  address: HOME,
  phone: '(408) 555-0123',
  notes: 'Gate code 1234',
  ...overrides,
});

describe('POST /api/shopify-orders/lookup', () => {
  it('finds a paid order by number (with or without #) and e-mail (any case), with the services its products map to', async () => {
    const number = nextNumber();
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: number, email: 'jordan.rivera@example.com', productServiceIds: [fullDetail.id] });
    for (const orderNumber of [number, `#${number}`]) {
      const response = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber, email: 'Jordan.Rivera@Example.com' } });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.order).toMatchObject({ id: order.id, orderNumber: number, totalPrice: '189.00', currency: 'USD', financialStatus: 'paid' });
      expect(body.hasBooking).toBe(false);
      expect(body.booking).toBeNull();
      expect(body.allowedServices.map((s: ServiceView) => s.name)).toEqual(['Full Detail']);
    }
  });

  it('offers every active service when no product is mapped', async () => {
    const number = nextNumber();
    await insertStoreOrder(t.ctx.db, { orderNumber: number, email: 'nomap@example.com', lineItems: [{ name: 'Gift card', quantity: 1, price: '50.00' }] });
    const response = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: number, email: 'nomap@example.com' } });
    const all = (await t.call('GET', '/api/services')).json() as ServiceView[];
    expect(response.json().allowedServices.map((s: ServiceView) => s.id).sort()).toEqual(all.map((s) => s.id).sort());
  });

  it('answers a wrong number and a wrong e-mail with the identical 404 (no enumeration)', async () => {
    const number = nextNumber();
    await insertStoreOrder(t.ctx.db, { orderNumber: number, email: 'owner@example.com' });
    const wrongNumber = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: '999999', email: 'owner@example.com' } });
    const wrongEmail = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: number, email: 'someone.else@example.com' } });
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongNumber.body).toBe(wrongEmail.body);
    expect(wrongEmail.json()).toEqual({ code: 'STORE_ORDER_NOT_FOUND', message: 'Please check your order number and email address.' });
  });

  it('asks for both fields with the form text', async () => {
    const response = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: '', email: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Missing Information - Please enter both your order number and email address.');
  });

  it('rate-limits lookups per IP in the database; another IP is unaffected', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_IP; i++) statuses.push((await t.call('POST', '/api/shopify-orders/lookup', { ip, body: { orderNumber: `9${i}`, email: 'guess@example.com' } })).statusCode);
    expect(statuses).toEqual(Array(LOOKUPS_PER_IP).fill(404));
    const blocked = await t.call('POST', '/api/shopify-orders/lookup', { ip, body: { orderNumber: '1', email: 'guess@example.com' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('STORE_ORDER_LOOKUP_RATE_LIMITED');
    // The count lives in the database (every instance shares it).
    const [row] = await t.ctx.db.select().from(signInAttempts).where(eq(signInAttempts.key, `limit:order-lookup:ip:${ip}`));
    expect(row?.failures).toBe(LOOKUPS_PER_IP + 1);
    expect((await t.call('POST', '/api/shopify-orders/lookup', { ip: '203.0.113.78', body: { orderNumber: '1', email: 'guess@example.com' } })).statusCode).toBe(404);
    // The window passes: allowed again.
    t.clock.advance(16 * 60_000);
    expect((await t.call('POST', '/api/shopify-orders/lookup', { ip, body: { orderNumber: '1', email: 'guess@example.com' } })).statusCode).toBe(404);
    t.clock.now = MONDAY_9AM_PACIFIC;
  });
});

describe('POST /api/shopify-orders/:orderId/schedule-booking', () => {
  it('books the chosen slot with payment status store, links the order, mails the tracking link; a second attempt is 409 with the booking', async () => {
    const number = nextNumber();
    const email = `sched-${number}@example.com`;
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: number, email, productServiceIds: [fullDetail.id] });
    const response = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody(email) });
    expect(response.statusCode, response.body).toBe(201);
    const { booking, trackingToken } = response.json();
    expect(typeof trackingToken).toBe('string');

    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'store', serviceType: 'mobile', businessDate: TUESDAY, guestEmail: email, guestPhone: '+14085550123', addressZip: '95110', totalAmount: '189.00' });
    expect((await storeOrderRow(t.ctx.db, order.id)).bookingId).toBe(booking.id);

    const tracking = await t.call('GET', `/api/bookings/guest/${booking.id}?token=${trackingToken}`);
    expect(tracking.statusCode, tracking.body).toBe(200);
    const mail = await latestMailTo(t, email);
    expect(mail?.text).toContain('Paid in our online store: $189.00');
    expect(mail?.links.some((l) => l.includes(`bookingId=${booking.id}`) && l.includes(`token=${trackingToken}`))).toBe(true);

    const again = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody(email, { slotId: `${TUESDAY}T13:00` }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STORE_ORDER_ALREADY_BOOKED', params: { bookingId: booking.id, status: 'confirmed' } });

    const lookup = (await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: number, email } })).json();
    expect(lookup.hasBooking).toBe(true);
    expect(lookup.booking).toMatchObject({ id: booking.id, status: 'confirmed', totalAmount: '189.00', trackingToken });
  });

  it('answers a wrong e-mail like an unknown order, and refuses unpaid orders, foreign services, a slot off the chosen day and a missing address', async () => {
    const number = nextNumber();
    const email = `checks-${number}@example.com`;
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: number, email, productServiceIds: [fullDetail.id] });
    const wrongEmail = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody('nope@example.com') });
    const unknown = await t.call('POST', `/api/shopify-orders/00000000-0000-4000-8000-000000000000/schedule-booking`, { body: scheduleBody(email) });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongEmail.body).toBe(unknown.body);

    const other = await serviceNamed(t, 'Headlight Restoration');
    const foreign = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody(email, { serviceId: other.id }) });
    expect(foreign.json().code).toBe('STORE_SERVICE_NOT_IN_ORDER');
    const offDay = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody(email, { dateKey: '2026-06-03' }) });
    expect(offDay.statusCode).toBe(400);
    expect(offDay.json().message).toBe('Invalid Time Slot - Please select a valid time slot for the current service and date.');
    const noAddress = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody(email, { address: null }) });
    expect(noAddress.json().code).toBe('ADDRESS_REQUIRED');
    const missing = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: { email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a service, time slot, and service location type.');

    const unpaid = await insertStoreOrder(t.ctx.db, { orderNumber: nextNumber(), email, financialStatus: 'pending' });
    const refused = await t.call('POST', `/api/shopify-orders/${unpaid.id}/schedule-booking`, { body: scheduleBody(email) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('STORE_ORDER_NOT_PAYABLE');
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.guestEmail, email))).toHaveLength(0);
  });

  it('answers 409 SLOT_FULL when the step is full, and books nothing', async () => {
    const slot = '2026-06-03T10:00';
    for (let i = 0; i < 3; i++) expect((await bookAsGuest(t, { slotId: slot, guestEmail: `filler${i}@example.com` })).statusCode).toBe(201);
    const number = nextNumber();
    const email = `full-${number}@example.com`;
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: number, email, productServiceIds: [fullDetail.id] });
    const response = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody(email, { slotId: slot, dateKey: '2026-06-03' }) });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SLOT_FULL');
    expect((await storeOrderRow(t.ctx.db, order.id)).bookingId).toBeNull();
  });
});

describe('the admin fulfilment API', () => {
  it('creates a booking from an order (staff time, store payment, linked, customer mailed), lists and counts it', async () => {
    const number = nextNumber();
    const email = `admin-${number}@example.com`;
    const before = (await t.call('GET', '/api/admin/shopify/fulfillment-status', { cookie: admin })).json();
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: number, email, productServiceIds: [fullDetail.id] });

    const missing = await t.call('POST', `/api/admin/shopify/orders/${order.id}/create-booking`, { cookie: admin, body: { notes: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing Information - Please fill in all required fields.');

    const created = await t.call('POST', `/api/admin/shopify/orders/${order.id}/create-booking`, {
      cookie: admin,
      body: { serviceId: fullDetail.id, scheduledDate: '2026-06-02T11:00:00-07:00', notes: 'Call on arrival' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { booking } = created.json();
    expect(booking).toMatchObject({ status: 'confirmed', scheduledDate: '2026-06-02T18:00:00.000Z', totalAmount: '189.00' });
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ paymentStatus: 'store', serviceType: 'mobile', addressStreet: '425 Park Ave', notes: 'Call on arrival', source: 'store' });
    expect((await storeOrderRow(t.ctx.db, order.id)).bookingId).toBe(booking.id);
    expect((await latestMailTo(t, email))?.links.some((l) => l.includes(`bookingId=${booking.id}`))).toBe(true);

    const twice = await t.call('POST', `/api/admin/shopify/orders/${order.id}/create-booking`, { cookie: admin, body: { serviceId: fullDetail.id, scheduledDate: '2026-06-02T13:00:00-07:00' } });
    expect(twice.statusCode).toBe(409);

    const after = (await t.call('GET', '/api/admin/shopify/fulfillment-status', { cookie: admin })).json();
    expect(after.total_orders - before.total_orders).toBe(1);
    expect(after.paid_orders - before.paid_orders).toBe(1);
    expect(after.linked_to_bookings - before.linked_to_bookings).toBe(1);
    expect(after.pending_fulfillment - before.pending_fulfillment).toBe(1);

    const all = (await t.call('GET', '/api/admin/shopify/orders/fulfillment-ready?tab=all&pageSize=100', { cookie: admin })).json();
    const listed = all.items.find((o: { id: string }) => o.id === order.id);
    expect(listed).toMatchObject({ orderNumber: number, bookingId: booking.id, booking: { id: booking.id, status: 'confirmed' } });
    expect(listed.lineItems).toHaveLength(1);
  });

  it('a full step refuses the admin too (409)', async () => {
    const slot = '2026-06-04T10:00';
    for (let i = 0; i < 3; i++) expect((await bookAsGuest(t, { slotId: slot, guestEmail: `filler-admin${i}@example.com` })).statusCode).toBe(201);
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: nextNumber(), email: 'adminfull@example.com' });
    const response = await t.call('POST', `/api/admin/shopify/orders/${order.id}/create-booking`, { cookie: admin, body: { serviceId: fullDetail.id, scheduledDate: '2026-06-04T10:00:00-07:00' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SLOT_FULL');
  });
});

describe('fulfilment when the booking is completed', () => {
  const days = ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11'];
  async function bookedOrder() {
    const day = days.shift()!;
    const number = nextNumber();
    const email = `done-${number}@example.com`;
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: number, email, productServiceIds: [fullDetail.id] });
    const response = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, { body: scheduleBody(email, { slotId: `${day}T09:00`, dateKey: day }) });
    expect(response.statusCode, response.body).toBe(201);
    return { order, bookingId: response.json().booking.id as string };
  }

  it('completing the booking requests fulfilment; the job calls the store once and records it; the Fulfilled tab shows it', async () => {
    const { order, bookingId } = await bookedOrder();
    expect(await ordersAwaitingFulfilment(t.ctx.db)).not.toContain(order.id);
    const done = await t.call('PATCH', `/api/bookings/${bookingId}/status`, { cookie: admin, body: { status: 'completed' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await ordersAwaitingFulfilment(t.ctx.db)).toContain(order.id);

    expect(await fulfilStoreOrder(t.ctx, order.id)).toBe('fulfilled');
    expect(await fulfilStoreOrder(t.ctx, order.id)).toBe('already_fulfilled');
    expect(store.calls).toEqual([order.shopifyOrderId]);
    const row = await storeOrderRow(t.ctx.db, order.id);
    expect(row).toMatchObject({ fulfillmentStatus: 'fulfilled', fulfillmentError: null, fulfillmentAttempts: 1 });
    expect(row.fulfilledAt).not.toBeNull();
    expect(await ordersAwaitingFulfilment(t.ctx.db)).not.toContain(order.id);

    const fulfilled = (await t.call('GET', '/api/admin/shopify/orders/fulfillment-ready?tab=fulfilled', { cookie: admin })).json();
    expect(fulfilled.items.map((o: { id: string }) => o.id)).toContain(order.id);
    const pending = (await t.call('GET', '/api/admin/shopify/orders/fulfillment-ready?tab=pending&pageSize=100', { cookie: admin })).json();
    expect(pending.items.map((o: { id: string }) => o.id)).not.toContain(order.id);
    const summary = (await t.call('GET', '/api/admin/shopify/fulfillment-status', { cookie: admin })).json();
    expect(summary.completed_services).toBeGreaterThanOrEqual(1);
  });

  it('a store failure is recorded and retried until it succeeds', async () => {
    store = recordingStore({ failures: 2 });
    t.ctx.store = store.client;
    const { order, bookingId } = await bookedOrder();
    await t.call('PATCH', `/api/bookings/${bookingId}/status`, { cookie: admin, body: { status: 'completed' } });

    await expect(fulfilStoreOrder(t.ctx, order.id)).rejects.toThrow('The store is unavailable (503)');
    expect(await storeOrderRow(t.ctx.db, order.id)).toMatchObject({ fulfillmentAttempts: 1, fulfillmentError: 'The store is unavailable (503)', fulfilledAt: null });
    expect(await ordersAwaitingFulfilment(t.ctx.db)).toContain(order.id);
    await expect(fulfilStoreOrder(t.ctx, order.id)).rejects.toThrow();
    expect(await fulfilStoreOrder(t.ctx, order.id)).toBe('fulfilled');
    expect(store.calls).toEqual([order.shopifyOrderId, order.shopifyOrderId, order.shopifyOrderId]);
    expect(await storeOrderRow(t.ctx.db, order.id)).toMatchObject({ fulfillmentStatus: 'fulfilled', fulfillmentAttempts: 3, fulfillmentError: null });
  });

  it('a booking that is not completed, or not linked to an order, asks nothing of the store', async () => {
    const { order, bookingId } = await bookedOrder();
    await t.call('PATCH', `/api/bookings/${bookingId}/status`, { cookie: admin, body: { status: 'in_progress' } });
    expect(await fulfilStoreOrder(t.ctx, order.id)).toBe('not_requested');
    expect(store.calls).toEqual([]);
  });
});

describe('the demo store, synced', () => {
  it('imports paid order #1276 for Jordan Rivera, whose lookup allows the Full Detail it bought', async () => {
    // A fresh demo store whose export polls pass on the test's clock.
    t.ctx.store = createStoreClient(t.ctx.config, t.ctx.db, { now: t.ctx.now, demoWebhookSecret: () => demoWebhookSecret(t.ctx.db), adapter: { sleep: async (ms) => t.clock.advance(ms) } });
    await runSync(t.ctx);
    const lookup = await t.call('POST', '/api/shopify-orders/lookup', { body: { orderNumber: '#1276', email: 'jordan.rivera@example.com' } });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().allowedServices.map((s: ServiceView) => s.name)).toEqual(['Full Detail']);
    const listed = (await t.call('GET', '/api/admin/shopify/orders/fulfillment-ready?tab=pending&pageSize=100', { cookie: admin })).json();
    expect(listed.items.find((o: { orderNumber: string }) => o.orderNumber === '1276')).toMatchObject({ customerName: 'Jordan Rivera', financialStatus: 'paid' });
  });
});
