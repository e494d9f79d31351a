import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWebhookSecret } from '../../features/store-mirror';
import { createTestApp, type TestApp } from '../../test/harness';
import { BUCKET } from './demo-store';
import { createStoreClient, demoStoreOf } from './index';
import { SHOPIFY_API_VERSION } from './shopify-adapter';
import { WEBHOOK_TOPICS, type StoreClient } from './store-client';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

/** A fresh demo store and the real adapter over it, with its waits recorded (and waited on the test's clock). */
function storeWithRecordedWaits() {
  const waits: number[] = [];
  const urls: string[] = [];
  const client: StoreClient = createStoreClient(t.config, t.ctx.db, {
    now: t.ctx.now,
    demoWebhookSecret: () => demoWebhookSecret(t.ctx.db),
    adapter: {
      sleep: (ms) => {
        waits.push(ms);
        t.clock.advance(ms);
        return Promise.resolve();
      },
    },
  });
  const demo = demoStoreOf(client)!;
  const fetch = demo.fetch;
  demo.fetch = (url, init) => {
    urls.push(String(url));
    return fetch(url, init);
  };
  return { client, demo, waits, urls };
}

describe('the store adapter against the demo store', () => {
  it('exports every customer, product and order by bulk operation, order #1276 included', async () => {
    const { client, urls } = storeWithRecordedWaits();
    expect(client.label).toBe('Demo store');
    const customers = await client.exportAll('customers');
    const products = await client.exportAll('products');
    const orders = await client.exportAll('orders');
    expect(customers.map((c) => c.email)).toContain('jordan.rivera@example.com');
    const fullDetail = products.find((p) => p.title === 'Full Detail')!;
    expect(fullDetail.tags).toContain('service:');
    const order = orders.find((o) => o.orderNumber === '1276')!;
    expect(order).toMatchObject({ name: '#1276', email: 'jordan.rivera@example.com', financialStatus: 'paid', customerName: 'Jordan Rivera' });
    expect(order.lineItems).toEqual([expect.objectContaining({ name: 'Full Detail', quantity: 1, productId: fullDetail.id })]);
    // Vehicle-type products of the promotion, and the pinned API version in every GraphQL call's URL.
    expect(products.filter((p) => p.handle?.startsWith('sww-'))).toHaveLength(3);
    expect(urls.filter((u) => u.includes('graphql.json')).every((u) => u.includes(`/admin/api/${SHOPIFY_API_VERSION}/graphql.json`))).toBe(true);
    expect(urls.some((u) => u.endsWith('.jsonl'))).toBe(true);
  });

  it('pages through changes since a time, oldest first', async () => {
    const { client } = storeWithRecordedWaits();
    const all = await client.exportAll('orders');
    const since = new Date(Math.min(...all.map((o) => Date.parse(o.updatedAt))));
    const page = await client.changedSince('orders', since);
    expect(page.items.map((o) => o.id).sort()).toEqual(all.map((o) => o.id).sort());
    const later = await client.changedSince('orders', new Date(Date.parse(page.items.at(-1)!.updatedAt)));
    expect(later.items).toHaveLength(1);
  });

  it('backs off when the bucket is empty (THROTTLED) for as long as the bucket needs, then succeeds', async () => {
    const { client, demo, waits } = storeWithRecordedWaits();
    demo.control.setAvailable(0);
    const page = await client.changedSince('customers', new Date(0));
    expect(page.items.length).toBeGreaterThan(0);
    expect(demo.control.requests.throttled).toBe(1);
    expect(waits).toHaveLength(1);
    // The page query costs more than 50 points: at 100 points a second the adapter waits at least half a second.
    expect(waits[0]!).toBeGreaterThanOrEqual(500);
    expect(waits[0]!).toBeLessThanOrEqual((BUCKET.maximumAvailable / BUCKET.restoreRate) * 1000 + 200);
  });

  it('waits out 429 and 503 answers (Retry-After when given) instead of hammering the store', async () => {
    const { client, demo, waits } = storeWithRecordedWaits();
    demo.control.failNext(429, 1);
    demo.control.failNext(503);
    const page = await client.changedSince('products', new Date(0));
    expect(page.items.length).toBeGreaterThan(0);
    expect(demo.control.requests.failed).toBe(2);
    expect(waits).toEqual([1000, 2000]);
  });

  it('fulfils an order once: a second call answers the same fulfilment', async () => {
    const { client } = storeWithRecordedWaits();
    const order = (await client.exportAll('orders')).find((o) => o.orderNumber === '1276')!;
    const first = await client.fulfillOrder(order.id);
    expect(first.fulfillmentIds).toHaveLength(1);
    expect(await client.fulfillOrder(order.id)).toEqual(first);
    const again = (await client.changedSince('orders', new Date(0))).items.find((o) => o.id === order.id)!;
    expect(again.fulfillmentStatus).toBe('fulfilled');
  });

  it('registers every topic once, however often it is asked', async () => {
    const { client } = storeWithRecordedWaits();
    const url = 'http://localhost:5000/api/webhooks/shopify';
    const first = await client.registerWebhooks(url, WEBHOOK_TOPICS);
    expect(first.map((s) => s.topic).sort()).toEqual([...WEBHOOK_TOPICS].sort());
    const second = await client.registerWebhooks(url, WEBHOOK_TOPICS);
    expect(second).toEqual(first);
  });

  it('keeps one generated webhook secret in the database', async () => {
    const a = await storeWithRecordedWaits().client.webhookSecret();
    const b = await storeWithRecordedWaits().client.webhookSecret();
    expect(a).toMatch(/^[\w-]{40,}$/);
    expect(b).toBe(a);
  });
});
