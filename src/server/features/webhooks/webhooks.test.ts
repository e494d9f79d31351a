import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/schemas/webhooks';
import { emailOutbox, webhookEndpoints, webhookMessages } from '../../db/schema';
import { openDayAfter } from '../../test/account-fixtures';
import { bookAsGuest, HOME, MONDAY_9AM_PACIFIC, payWithTestCard, serviceNamed } from '../../test/checkout-fixtures';
import { createPackage } from '../../test/package-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertStoreOrder } from '../../test/store-fixtures';
import { bookingVerbs } from '../bookings';
import { classifyAddress } from './address-guard';
import { deliverDueWebhooks, postWebhook, WEBHOOK_TIMEOUT_MS } from './deliver';

/** A local receiver on loopback: keeps what it was sent, answers the status the test sets. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let answer = 200;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  admin = await t.login('admin@glint.local');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = 200;
});

async function addEndpoint(events: string[] = ['booking.created'], url = receiverUrl) {
  const made = await t.call('POST', '/api/admin/webhooks', { cookie: admin, body: { url, events } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { endpoint: { id: string }; secret: string };
}

async function disableAll() {
  // The clock moves between tests: a fresh admin session each time (admin sessions last 12 hours).
  admin = await t.login('admin@glint.local');
  const list = await t.call('GET', '/api/admin/webhooks?pageSize=100', { cookie: admin });
  for (const e of list.json().items as { id: string }[]) await t.call('DELETE', `/api/admin/webhooks/${e.id}`, { cookie: admin });
}

async function attemptsOf(id: string): Promise<{ attempt: number; statusCode: number | null; error: string | null; durationMs: number }[]> {
  admin = await t.login('admin@glint.local');
  return (await t.call('GET', `/api/admin/webhooks/${id}/attempts`, { cookie: admin })).json().items;
}
/** standardwebhooks checks the timestamp against the wall clock: verify at the moment the app's clock sent it. */
function verify(secret: string, r: Received): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Number(r.headers['webhook-timestamp']) * 1000);
  try {
    return new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

describe('outbound webhooks', () => {
  beforeEach(disableAll);

  it('shows the secret once and sends a booking.created signed per Standard Webhooks, verified by the standardwebhooks package', async () => {
    const { endpoint, secret } = await addEndpoint(['booking.created', 'booking.confirmed', 'payment.received']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    const list = await t.call('GET', '/api/admin/webhooks', { cookie: admin });
    expect(list.body).not.toContain(secret);
    expect(list.json().items[0]).toMatchObject({ id: endpoint.id, enabled: true, events: ['booking.created', 'booking.confirmed', 'payment.received'] });

    const booked = await bookAsGuest(t);
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json();
    expect(await deliverDueWebhooks(t.ctx)).toEqual({ delivered: 1, failed: 0 });
    expect(received).toHaveLength(1);
    const payload = verify(secret, received[0]!) as { type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'booking.created', data: { bookingId: booking.id, status: 'pending', by: 'customer' } });
    expect(received[0]!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(received[0]!.body).not.toContain('guest@example.com');
    // A wrong secret does not verify.
    expect(() => verify(`whsec_${Buffer.from('another secret of enough length').toString('base64')}`, received[0]!)).toThrow();

    await payWithTestCard(t, booking);
    await deliverDueWebhooks(t.ctx);
    const types = received.slice(1).map((r) => (verify(secret, r) as { type: string }).type).sort();
    expect(types).toEqual(['booking.confirmed', 'payment.received']);
    expect((await attemptsOf(endpoint.id)).every((a) => a.statusCode === 200 && a.attempt === 1)).toBe(true);
  });

  it('sends every booking change as its event type: a store order scheduled, status changes, completion, a move and a cancellation', async () => {
    const { secret } = await addEndpoint([...WEBHOOK_EVENT_TYPES]);
    const types = async () => {
      received = [];
      await deliverDueWebhooks(t.ctx);
      return received.map((r) => verify(secret, r) as { type: string; data: Record<string, unknown> }).sort((a, b) => a.type.localeCompare(b.type));
    };
    const setStatus = (id: string, status: 'en_route_service' | 'completed') =>
      t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).setStatus(tx, id, { role: 'admin' }, status, null));

    // A store order the customer schedules: created and confirmed at once, and the order scheduled.
    const service = await serviceNamed(t, 'Full Detail');
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: '7311', email: 'hooks-store@example.com', productServiceIds: [service.id] });
    const day = openDayAfter(t, 2);
    const scheduled = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, {
      body: { email: 'hooks-store@example.com', serviceId: service.id, slotId: `${day}T10:00`, dateKey: day, serviceType: 'mobile', address: HOME },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const storeBooking = scheduled.json().booking.id as string;
    expect(await types()).toEqual([
      expect.objectContaining({ type: 'booking.confirmed', data: expect.objectContaining({ bookingId: storeBooking }) }),
      expect.objectContaining({ type: 'booking.created', data: expect.objectContaining({ bookingId: storeBooking, by: 'store' }) }),
      expect.objectContaining({ type: 'store_order.scheduled', data: expect.objectContaining({ bookingId: storeBooking, orderNumber: '7311' }) }),
    ]);

    await setStatus(storeBooking, 'en_route_service');
    expect(await types()).toEqual([expect.objectContaining({ type: 'booking.status_changed', data: expect.objectContaining({ status: 'en_route_service', from: 'confirmed' }) })]);
    await setStatus(storeBooking, 'completed');
    expect((await types()).map((p) => [p.type, p.data.status])).toEqual([
      ['booking.completed', 'completed'],
      ['booking.status_changed', 'completed'],
    ]);

    // A guest's paid booking moved, then cancelled.
    const booked = await bookAsGuest(t, { slotId: `${day}T13:00` });
    expect(booked.statusCode, booked.body).toBe(201);
    await payWithTestCard(t, booked.json());
    const id = booked.json().id as string;
    expect((await types()).map((p) => p.type)).toEqual(['booking.confirmed', 'booking.created', 'payment.received']);
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).change(tx, id, { role: 'admin' }, { slotId: `${openDayAfter(t, 3)}T11:00`, by: 'admin' }));
    const [moved] = await types();
    expect(moved).toMatchObject({ type: 'booking.rescheduled', data: { bookingId: id } });
    expect(moved!.data.scheduledDate).toEqual(expect.any(String));
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).cancel(tx, id, { role: 'admin' }));
    expect(await types()).toEqual([expect.objectContaining({ type: 'booking.cancelled', data: expect.objectContaining({ bookingId: id }) })]);
  });

  it('writes the event in the change’s transaction: a change rolled back sends nothing', async () => {
    await addEndpoint([...WEBHOOK_EVENT_TYPES]);
    const booked = await bookAsGuest(t, { slotId: `${openDayAfter(t, 4)}T10:00` });
    expect(booked.statusCode, booked.body).toBe(201);
    await payWithTestCard(t, booked.json());
    await deliverDueWebhooks(t.ctx);
    const id = booked.json().id as string;
    const before = await t.ctx.db.select().from(webhookMessages);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await bookingVerbs(t.ctx).cancel(tx, id, { role: 'admin' });
        throw new Error('crash after the change');
      }),
    ).rejects.toThrow('crash after the change');
    expect(await t.ctx.db.select().from(webhookMessages)).toHaveLength(before.length);
    received = [];
    await deliverDueWebhooks(t.ctx);
    expect(received).toHaveLength(0);
    // The same change committed: its event is there.
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).cancel(tx, id, { role: 'admin' }));
    await deliverDueWebhooks(t.ctx);
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['booking.cancelled']);
  });

  it('counts only an answer within 15 s: a receiver that keeps the request open fails the attempt', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(15_000);
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`;
      const outcome = await postWebhook(url, {}, '{}', false, 300);
      expect(outcome).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
      expect(await postWebhook(receiverUrl, {}, '{}', false, 300)).toMatchObject({ statusCode: 200, error: null });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('sends package.purchased when the business assigns a package, in the purchase\'s transaction', async () => {
    const { secret } = await addEndpoint(['package.purchased']);
    const pkg = await createPackage(t, admin);
    const { user } = await t.createUser();
    const assigned = await t.call('POST', '/api/admin/package-purchases', { cookie: admin, body: { userId: user.id, packageId: pkg.id, paymentMethod: 'cash' } });
    expect(assigned.statusCode, assigned.body).toBe(201);
    await deliverDueWebhooks(t.ctx);
    expect(received).toHaveLength(1);
    expect(verify(secret, received[0]!)).toMatchObject({ type: 'package.purchased', data: { packagePurchaseId: assigned.json().id, packageId: pkg.id, paymentStatus: 'paid' } });
  });

  it('sends only the types an endpoint wants, and nothing for a disabled one', async () => {
    const { endpoint } = await addEndpoint(['booking.cancelled']);
    await bookAsGuest(t, { slotId: '2026-06-02T13:00' });
    await deliverDueWebhooks(t.ctx);
    expect(received).toHaveLength(0);
    const disabled = await t.call('PATCH', `/api/admin/webhooks/${endpoint.id}`, { cookie: admin, body: { enabled: false } });
    expect(disabled.json()).toMatchObject({ enabled: false, disabledReason: 'Disabled by the admin' });
    const test = await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    expect(test.statusCode).toBe(409);
  });

  it('hears an endpoint another instance adds or disables through its NOTIFY (the read cache, decision 069)', async () => {
    const messagesTo = async (endpointId: string) => (await t.ctx.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpointId))).length;
    // A first booking fills this instance's cache with the (empty) list.
    const first = await bookAsGuest(t, { slotId: '2026-06-03T10:00', guestEmail: 'cache-1@example.com' });
    expect(first.statusCode, first.body).toBe(201);
    // Another instance's write: plain SQL, so this one learns of it only through the table's NOTIFY (migration 0036).
    const now = new Date(t.clock.now);
    const [row] = await t.ctx.db.insert(webhookEndpoints).values({ url: receiverUrl, events: ['booking.created'], secret: 'whsec_c2VjcmV0IG9mIGFub3RoZXIgaW5zdGFuY2U=', createdAt: now, updatedAt: now }).returning();
    await t.cachesSettled();
    const second = await bookAsGuest(t, { slotId: '2026-06-04T10:00', guestEmail: 'cache-2@example.com' });
    expect(second.statusCode, second.body).toBe(201);
    expect(await messagesTo(row!.id)).toBe(1);
    await t.ctx.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, row!.id));
    await t.cachesSettled();
    const third = await bookAsGuest(t, { slotId: '2026-06-05T10:00', guestEmail: 'cache-3@example.com' });
    expect(third.statusCode, third.body).toBe(201);
    expect(await messagesTo(row!.id)).toBe(1);
  });

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h on the app clock, with the same id and body each time, then gives up', async () => {
    answer = 503;
    const { endpoint, secret } = await addEndpoint(['booking.created']);
    const test = await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    expect(test.json()).toEqual({ delivered: false });
    const waits = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
    for (const wait of waits) {
      t.clock.now += wait - 1_000;
      expect(await deliverDueWebhooks(t.ctx)).toEqual({ delivered: 0, failed: 0 });
      t.clock.now += 1_000;
      expect(await deliverDueWebhooks(t.ctx)).toEqual({ delivered: 0, failed: 1 });
    }
    t.clock.now += 24 * 3_600_000;
    expect(await deliverDueWebhooks(t.ctx)).toEqual({ delivered: 0, failed: 0 });
    expect(received).toHaveLength(8);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    // Each attempt is signed at its own moment, and still verifies.
    expect(new Set(received.map((r) => r.headers['webhook-timestamp'])).size).toBe(8);
    const [message] = await t.ctx.db.select().from(webhookMessages).where(eq(webhookMessages.endpointId, endpoint.id));
    expect(message).toMatchObject({ state: 'failed', attempts: 8 });
    const log = await attemptsOf(endpoint.id);
    expect(log.map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(log.every((a) => a.statusCode === 503 && a.error === 'Answered 503')).toBe(true);
    for (const r of received) expect(verify(secret, r)).toMatchObject({ type: 'booking.created', data: { test: true } });
  });

  it('delivers on a later attempt once the receiver answers 2xx', async () => {
    answer = 500;
    const { endpoint } = await addEndpoint(['booking.created']);
    await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    answer = 204;
    t.clock.now += 5_000;
    expect(await deliverDueWebhooks(t.ctx)).toEqual({ delivered: 1, failed: 0 });
    expect((await attemptsOf(endpoint.id)).map((a) => a.statusCode)).toEqual([204, 500]);
  });

  it('disables an endpoint that has failed for 5 days and e-mails the admin', async () => {
    answer = 500;
    const { endpoint } = await addEndpoint(['booking.created']);
    await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    t.clock.now += 4 * 24 * 3_600_000;
    admin = await t.login('admin@glint.local');
    await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    let list = (await t.call('GET', '/api/admin/webhooks', { cookie: admin })).json();
    expect(list.items[0]).toMatchObject({ enabled: true });
    t.clock.now += 24 * 3_600_000;
    admin = await t.login('admin@glint.local');
    await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    list = (await t.call('GET', '/api/admin/webhooks', { cookie: admin })).json();
    expect(list.items[0]).toMatchObject({ enabled: false, disabledReason: 'Failing for 5 days' });
    const mails = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'admin@glint.local')).orderBy(asc(emailOutbox.createdAt));
    expect(mails.filter((m) => m.subject.includes('webhook endpoint disabled'))).toHaveLength(1);
    // Its pending retries end, and the sweep sends nothing more.
    t.clock.now += 24 * 3_600_000;
    received = [];
    expect(await deliverDueWebhooks(t.ctx)).toEqual({ delivered: 0, failed: 0 });
    expect(received).toHaveLength(0);
  });

  it('does not disable an endpoint whose failures were broken by a success', async () => {
    answer = 500;
    const { endpoint } = await addEndpoint(['booking.created']);
    await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    t.clock.now += 3 * 24 * 3_600_000;
    admin = await t.login('admin@glint.local');
    answer = 200;
    await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    answer = 500;
    t.clock.now += 3 * 24 * 3_600_000;
    admin = await t.login('admin@glint.local');
    await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    const list = (await t.call('GET', '/api/admin/webhooks', { cookie: admin })).json();
    expect(list.items[0]).toMatchObject({ enabled: true });
  });
});

describe('private addresses', () => {
  beforeEach(disableAll);

  it('classifies IPv4 and IPv6 private, loopback, link-local and mapped addresses', () => {
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', 'fc00::1', 'fd12::1', 'fe80::1', '::', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe']) {
      expect(classifyAddress(a), a).toBe('private');
    }
    for (const a of ['127.0.0.1', '127.8.8.8', '::1', '::ffff:127.0.0.1']) expect(classifyAddress(a), a).toBe('loopback');
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(classifyAddress(a), a).toBe('public');
  });

  it('refuses private, loopback and link-local URLs at save in production, and plain http', async () => {
    const config = t.ctx.config;
    t.ctx.config = { ...config, isProduction: true };
    try {
      for (const url of ['https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.0.0.7/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'https://[fe80::1]/hook', 'https://[::ffff:192.168.0.1]/hook', 'http://93.184.216.34/hook']) {
        const made = await t.call('POST', '/api/admin/webhooks', { cookie: admin, body: { url, events: ['booking.created'] } });
        expect(made.statusCode, url).toBe(400);
        expect(made.json().code, url).toBe('WEBHOOK_URL_REFUSED');
      }
    } finally {
      t.ctx.config = config;
    }
  });

  it('allows loopback in tests but still refuses private ranges', async () => {
    await addEndpoint(['booking.created'], receiverUrl);
    const made = await t.call('POST', '/api/admin/webhooks', { cookie: admin, body: { url: 'http://192.168.1.10/hook', events: ['booking.created'] } });
    expect(made.json().code).toBe('WEBHOOK_URL_REFUSED');
  });

  it('refuses the address again at delivery: an endpoint saved before goes unsent in production', async () => {
    const { endpoint } = await addEndpoint(['booking.created'], receiverUrl.replace('127.0.0.1', 'localhost'));
    const config = t.ctx.config;
    t.ctx.config = { ...config, isProduction: true, };
    try {
      await t.call('POST', `/api/admin/webhooks/${endpoint.id}/test`, { cookie: admin });
    } finally {
      t.ctx.config = config;
    }
    expect(received).toHaveLength(0);
    const [attempt] = await attemptsOf(endpoint.id);
    expect(attempt).toMatchObject({ statusCode: null });
    expect(attempt!.error).toBeTruthy();
  });

  it('answers bad input and strangers with 4xx', async () => {
    const bad = await t.call('POST', '/api/admin/webhooks', { cookie: admin, body: { url: 'not a url', events: [] } });
    expect(bad.statusCode).toBe(400);
    const unknownType = await t.call('POST', '/api/admin/webhooks', { cookie: admin, body: { url: receiverUrl, events: ['booking.exploded'] } });
    expect(unknownType.statusCode).toBe(400);
    expect((await t.call('GET', '/api/admin/webhooks')).statusCode).toBe(401);
    expect((await t.call('DELETE', '/api/admin/webhooks/6f1c1d7e-0000-4000-8000-000000000000', { cookie: admin })).json().code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
  });
});

describe('the OpenAPI document', () => {
  it('lists every event type in its webhooks section with the signature headers and the body schema', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const created = doc.webhooks['booking.created'].post;
    expect(created.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const schema = created.requestBody.content['application/json'].schema;
    expect(schema.properties.type.const).toBe('booking.created');
    expect(Object.keys(schema.properties.data.properties)).toContain('bookingId');
  });
});
