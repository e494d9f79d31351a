import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { queueStandIn } from '../../test/queue-stand-in';
import { STORE_WEBHOOK_JOB, WEBHOOK_RETRY_LIMIT } from './webhooks.service';

let t: TestApp;
let queue: ReturnType<typeof queueStandIn>;

beforeAll(async () => {
  t = await createTestApp();
  // Where the server runs a queue, webhook events are processed by its workers, with retries: here the
  // server's handlers through the queue stand-in (the real pg-boss: src/server/jobs).
  queue = queueStandIn(t.ctx);
  t.ctx.jobs = queue.jobs;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function deliver(topic: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const hmac = createHmac('sha256', (await t.ctx.store.webhookSecret())!).update(body).digest('base64');
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-shopify-topic': topic, 'x-shopify-webhook-id': randomUUID(), 'x-shopify-hmac-sha256': hmac },
  });
}

const eventRow = async (shopifyId: string) =>
  (await t.handle.executeSql(`select processed, retry_count, error from shopify_webhook_events where shopify_id = $1`, [shopifyId])).rows[0];

describe('webhook events are processed by the queue with retries', () => {
  it('processes a good event in the queue', async () => {
    const response = await deliver('customers/create', { id: 93001, email: 'queued@example.com', first_name: 'Queued', updated_at: '2026-05-30T10:00:00Z' });
    expect(response.statusCode).toBe(200);
    expect(await eventRow('93001')).toMatchObject({ processed: false });
    expect(await queue.drain()).toEqual([{ name: STORE_WEBHOOK_JOB }]);
    expect(await eventRow('93001')).toMatchObject({ processed: true, retry_count: 0 });
  });

  it('retries a failing event, counting each attempt and keeping the error for the Webhooks tab', async () => {
    // An order without updated_at cannot be ordered against other versions: processing fails every time.
    const response = await deliver('orders/create', { id: 93002, name: '#9302', email: 'broken@example.com' });
    expect(response.statusCode).toBe(200);
    // Queued with retries and growing waits between them; each failed try counted on the event.
    expect(queue.sent.at(-1)?.options).toMatchObject({ retryLimit: WEBHOOK_RETRY_LIMIT, retryBackoff: true });
    const runs = await queue.drain();
    expect(runs).toEqual(Array.from({ length: WEBHOOK_RETRY_LIMIT + 1 }, () => ({ name: STORE_WEBHOOK_JOB, error: 'The payload has no updated_at' })));
    expect(await eventRow('93002')).toMatchObject({ processed: false, retry_count: WEBHOOK_RETRY_LIMIT + 1, error: 'The payload has no updated_at' });
    const admin = await t.login(t.config.adminEmail);
    const listed = (await t.call('GET', '/api/admin/shopify/webhooks', { cookie: admin })).json();
    expect(listed.items.find((e: { shopifyId: string }) => e.shopifyId === '93002')).toMatchObject({ processed: false, error: 'The payload has no updated_at' });
  });
});
