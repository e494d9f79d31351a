import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, startJobs, type Jobs } from '../../jobs/boss';
import { jobDefinitions } from '../../jobs';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let jobs: Jobs;

beforeAll(async () => {
  t = await createTestApp();
  // The queue the server runs: webhook events are processed by pg-boss workers, with retries.
  jobs = createJobs(t.handle, t.databaseUrl);
  t.ctx.jobs = jobs;
  await startJobs(jobs, jobDefinitions(t.ctx));
}, 120_000);

afterAll(async () => {
  await jobs?.stop({ graceful: true, wait: true, timeout: 5_000 });
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

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

describe('webhook events are processed by pg-boss with retries', () => {
  it('processes a good event in the queue', async () => {
    const response = await deliver('customers/create', { id: 93001, email: 'queued@example.com', first_name: 'Queued', updated_at: '2026-05-30T10:00:00Z' });
    expect(response.statusCode).toBe(200);
    const rows = await until(
      async () => (await t.handle.executeSql(`select processed, retry_count from shopify_webhook_events where shopify_id = '93001'`)).rows,
      (r) => r[0]?.processed === true,
    );
    expect(rows[0]).toMatchObject({ processed: true, retry_count: 0 });
  });

  it('retries a failing event, counting each attempt and keeping the error for the Webhooks tab', async () => {
    // An order without updated_at cannot be ordered against other versions: processing fails every time.
    const response = await deliver('orders/create', { id: 93002, name: '#9302', email: 'broken@example.com' });
    expect(response.statusCode).toBe(200);
    const row = await until(
      async () => (await t.handle.executeSql(`select processed, retry_count, error from shopify_webhook_events where shopify_id = '93002'`)).rows[0],
      (r) => Number(r?.retry_count ?? 0) >= 2,
    );
    expect(row).toMatchObject({ processed: false, error: 'The payload has no updated_at' });
    expect(Number(row!.retry_count)).toBeGreaterThanOrEqual(2);
    const admin = await t.login(t.config.adminEmail);
    const listed = (await t.call('GET', '/api/admin/shopify/webhooks', { cookie: admin })).json();
    expect(listed.items.find((e: { shopifyId: string }) => e.shopifyId === '93002')).toMatchObject({ processed: false, error: 'The payload has no updated_at' });
  }, 60_000);
});
