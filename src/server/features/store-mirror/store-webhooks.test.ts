import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAsGuest, MONDAY_9AM_PACIFIC } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { demoStoreOf } from '../../integrations/shopify';
import { settleInlineJobs } from '../../test/inline-jobs';

let t: TestApp;
let admin: string;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = await t.login(t.config.adminEmail);
  secret = (await t.ctx.store.webhookSecret())!;
  await t.call('POST', '/api/admin/shopify/sync/start', { cookie: admin });
  await settleInlineJobs();
}, 60_000);
afterAll(async () => {
  await settleInlineJobs();
  await t?.close();
});

const sign = (body: string, key = secret) => createHmac('sha256', key).update(body, 'utf8').digest('base64');

async function deliver(topic: string, payload: unknown, options: { webhookId?: string | null; hmac?: string | null } = {}) {
  const body = JSON.stringify(payload);
  const hmac = options.hmac === undefined ? sign(body) : options.hmac;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': 'glint-demo.myshopify.com',
      ...(options.webhookId !== null ? { 'x-shopify-webhook-id': options.webhookId ?? randomUUID() } : {}),
      ...(hmac !== null ? { 'x-shopify-hmac-sha256': hmac } : {}),
    },
  });
  await settleInlineJobs();
  return response;
}

const rows = async (sql: string, params: unknown[] = []) => (await t.handle.executeSql(sql, params)).rows;
const eventCount = async () => Number((await rows('select count(*)::int as n from shopify_webhook_events'))[0]!.n);

async function demoOrder(number: number) {
  const demo = demoStoreOf(t.ctx.store)!;
  const data = await demo.data();
  const order = data.orders.find((o) => o.number === number)!;
  return { demo, order, payload: demo.orderPayload(order) };
}

const customerPayload = (id: number, email: string, updatedAt: string, firstName = 'Casey') => ({
  id,
  admin_graphql_api_id: `gid://shopify/Customer/${id}`,
  first_name: firstName,
  last_name: 'Morgan',
  email,
  updated_at: updatedAt,
  created_at: '2026-05-01T10:00:00Z',
});

describe('POST /api/webhooks/shopify: signatures', () => {
  it('accepts a correctly signed event, stores it and processes it', async () => {
    const before = await eventCount();
    const response = await deliver('customers/create', customerPayload(91001, 'casey.morgan@example.com', '2026-05-30T10:00:00Z'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await eventCount()).toBe(before + 1);
    const [customer] = await rows(`select first_name from shopify_customers where shopify_customer_id = 'gid://shopify/Customer/91001'`);
    expect(customer?.first_name).toBe('Casey');
    const events = (await t.call('GET', '/api/admin/shopify/webhooks', { cookie: admin })).json();
    expect(events.items[0]).toMatchObject({ topic: 'customers/create', shopifyId: 'gid://shopify/Customer/91001', processed: true, retryCount: 0, error: null });
  });

  it('refuses a wrong signature, one made with another key, and a missing one: 401, nothing stored', async () => {
    const before = await eventCount();
    const payload = customerPayload(91002, 'intruder@example.com', '2026-05-30T10:00:00Z');
    const body = JSON.stringify(payload);
    for (const hmac of ['not-a-signature', sign(body, 'some-other-secret'), sign(`${body} `), null]) {
      const response = await deliver('customers/create', payload, { hmac });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('STORE_WEBHOOK_UNVERIFIED');
    }
    expect(await eventCount()).toBe(before);
    expect(await rows(`select 1 from shopify_customers where shopify_customer_id = 'gid://shopify/Customer/91002'`)).toHaveLength(0);
  });

  it('answers a redelivery (same X-Shopify-Webhook-Id) with 200 and changes nothing', async () => {
    const webhookId = randomUUID();
    expect((await deliver('customers/update', customerPayload(91003, 'redo@example.com', '2026-05-30T10:00:00Z', 'First'), { webhookId })).statusCode).toBe(200);
    const before = await eventCount();
    const again = await deliver('customers/update', customerPayload(91003, 'redo@example.com', '2026-05-31T10:00:00Z', 'Changed'), { webhookId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await eventCount()).toBe(before);
    expect((await rows(`select first_name from shopify_customers where shopify_customer_id = 'gid://shopify/Customer/91003'`))[0]?.first_name).toBe('First');
  });

  it('stores and processes a delivery without X-Shopify-Webhook-Id once per topic and body for a day', async () => {
    const payload = customerPayload(91004, 'no-id@example.com', '2026-05-30T10:00:00Z');
    const processedCount = async () => Number((await rows(`select count(*)::int as n from shopify_webhook_events where processed and shopify_id = 'gid://shopify/Customer/91004'`))[0]!.n);
    const first = await deliver('customers/update', payload, { webhookId: null });
    expect(first.json()).toEqual({ received: true });
    const before = await eventCount();
    const again = await deliver('customers/update', payload, { webhookId: null });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await eventCount()).toBe(before);
    expect(await processedCount()).toBe(1);
    // Another topic with the same body is another event.
    expect((await deliver('customers/create', payload, { webhookId: null })).json()).toEqual({ received: true });
    // A day later the same body is new again (the old event keeps its row).
    const day = 24 * 3600_000 + 60_000;
    t.clock.advance(day);
    try {
      expect((await deliver('customers/update', payload, { webhookId: null })).json()).toEqual({ received: true });
      expect(await eventCount()).toBe(before + 2);
    } finally {
      t.clock.advance(-day);
    }
  });
});

describe('events out of order', () => {
  it('keeps the newer version of an order when an older event arrives late', async () => {
    const { payload } = await demoOrder(1273);
    const newer = { ...payload, financial_status: 'paid', updated_at: '2026-05-31T12:00:00.000Z' };
    const older = { ...payload, financial_status: 'pending', note: 'late', updated_at: '2026-05-31T11:00:00.000Z' };
    expect((await deliver('orders/paid', newer)).statusCode).toBe(200);
    expect((await deliver('orders/updated', older)).statusCode).toBe(200);
    const [order] = await rows(`select financial_status, note from shopify_orders where order_number = '1273'`);
    expect(order).toMatchObject({ financial_status: 'paid', note: null });
    // Both events were processed (the late one simply changed nothing).
    const events = await rows(`select processed from shopify_webhook_events order by created_at desc limit 2`);
    expect(events.every((e) => e.processed === true)).toBe(true);
  });

  it('keeps the newer customer too', async () => {
    await deliver('customers/update', customerPayload(91004, 'order@example.com', '2026-05-31T12:00:00Z', 'Newer'));
    await deliver('customers/update', customerPayload(91004, 'order@example.com', '2026-05-30T12:00:00Z', 'Older'));
    expect((await rows(`select first_name from shopify_customers where shopify_customer_id = 'gid://shopify/Customer/91004'`))[0]?.first_name).toBe('Newer');
  });
});

describe('paid and cancelled orders', () => {
  it('e-mails the scheduling link once for a paid order of a service', async () => {
    const { payload } = await demoOrder(1276);
    await t.handle.executeSql(`update shopify_orders set schedule_email_sent_at = null where order_number = '1276'`);
    await deliver('orders/paid', { ...payload, updated_at: '2026-05-31T13:00:00.000Z' });
    await deliver('orders/updated', { ...payload, updated_at: '2026-05-31T13:05:00.000Z' });
    const mails = await rows(`select subject, text from email_outbox where "to" = 'jordan.rivera@example.com' and subject like 'Schedule your%'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Schedule your Full Detail (order #1276)');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/shopify-order-schedule/1276?email=jordan.rivera%40example.com`);
    expect((await rows(`select schedule_email_sent_at from shopify_orders where order_number = '1276'`))[0]?.schedule_email_sent_at).not.toBeNull();
  });

  it('a cancelled order cancels its unstarted linked booking through the booking core (actor store)', async () => {
    const created = await bookAsGuest(t);
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json().id as string;
    await t.handle.executeSql(`update shopify_orders set booking_id = $1 where order_number = '1272'`, [bookingId]);
    const { payload } = await demoOrder(1272);
    await deliver('orders/cancelled', { ...payload, cancelled_at: '2026-05-31T14:00:00.000Z', cancel_reason: 'customer', financial_status: 'refunded', updated_at: '2026-05-31T14:00:00.000Z' });
    const [booking] = await rows(`select status from bookings where id = $1`, [bookingId]);
    expect(booking?.status).toBe('cancelled');
    const [update] = await rows(`select kind, params from booking_updates where booking_id = $1 order by created_at desc limit 1`, [bookingId]);
    expect(update).toMatchObject({ kind: 'cancelled', params: { by: 'store' } });
    // A started booking is left alone: the order's cancellation does not stop a detail under way.
    const started = await bookAsGuest(t, { guestEmail: 'started@example.com' });
    await t.handle.executeSql(`update bookings set status = 'in_progress' where id = $1`, [started.json().id]);
    await t.handle.executeSql(`update shopify_orders set booking_id = $1 where order_number = '1275'`, [started.json().id]);
    const second = await demoOrder(1275);
    await deliver('orders/cancelled', { ...second.payload, cancelled_at: '2026-05-31T14:00:00.000Z', updated_at: '2026-05-31T14:00:00.000Z' });
    expect((await rows(`select status from bookings where id = $1`, [started.json().id]))[0]?.status).toBe('in_progress');
  });

  it('the demo store signs its own webhooks as Shopify does: they pass the check and are applied', async () => {
    const register = await t.call('POST', '/api/admin/shopify/webhooks/register', { cookie: admin });
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json().registered).toHaveLength(9);
    const listed = await t.call('GET', '/api/admin/shopify/webhooks/registered', { cookie: admin });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((s: { topic: string }) => s.topic).sort()).toEqual(register.json().registered.map((s: { topic: string }) => s.topic).sort());
    expect(listed.json().callbackUrl).toBe(register.json().callbackUrl);
    const { demo } = await demoOrder(1273);
    const before = await eventCount();
    await demo.updateOrder(1273, { note: 'Gate code 1234' });
    await settleInlineJobs();
    expect(await eventCount()).toBe(before + 1);
    expect((await rows(`select note from shopify_orders where order_number = '1273'`))[0]?.note).toBe('Gate code 1234');
  });
});

describe('compliance topics', () => {
  it('customers/redact erases the customer and the personal data of their orders', async () => {
    await deliver('customers/redact', { shop_id: 1, shop_domain: 'glint-demo.myshopify.com', customer: { id: 7004, email: 'elena.vasquez@example.com' }, orders_to_redact: [7273] });
    expect(await rows(`select 1 from shopify_customers where email = 'elena.vasquez@example.com' or shopify_customer_id = 'gid://shopify/Customer/7004'`)).toHaveLength(0);
    const [order] = await rows(`select email, shipping_address from shopify_orders where order_number = '1273'`);
    expect(order).toMatchObject({ email: null, shipping_address: null });
  });

  it('customers/data_request sends the business what the mirror holds about the customer', async () => {
    await deliver('customers/data_request', { shop_id: 1, customer: { id: 7002, email: 'priya.natarajan@example.com' }, data_request: { id: 55 } });
    const [mail] = await rows(`select subject, attachments from email_outbox where "to" = $1 order by created_at desc limit 1`, [t.config.business.email]);
    expect(mail?.subject).toBe('Customer data request from the store (priya.natarajan@example.com)');
    expect(JSON.stringify(mail?.attachments)).toContain('priya.natarajan@example.com');
  });
});
