import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, startJobs, type Jobs } from '../../jobs/boss';
import { jobDefinitions } from '../../jobs';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertStoreOrder, recordingStore, storeOrderRow } from '../../test/store-fixtures';
import { FULFIL_SWEEP_JOB } from './fulfilment';

/** The fulfilment through the real queue: the sweep queues the order's job, pg-boss runs it and retries a failure. */
let t: TestApp;
let jobs: Jobs;
let admin: string;
const store = recordingStore({ failures: 1 });

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  t.ctx.store = store.client;
  jobs = createJobs(t.handle, t.databaseUrl);
  t.ctx.jobs = jobs;
  await startJobs(jobs, jobDefinitions(t.ctx));
  admin = await t.login('admin@glint.local');
}, 120_000);

afterAll(async () => {
  await jobs.stop({ graceful: true, wait: true, timeout: 5_000 });
  await t.close();
});

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('timed out');
}

describe('fulfilment jobs', () => {
  it('a completed booking’s order is fulfilled by the queued job; the failed first call is retried', async () => {
    const service = await serviceNamed(t, 'Full Detail');
    const email = 'queue@example.com';
    const order = await insertStoreOrder(t.ctx.db, { orderNumber: '7001', email, productServiceIds: [service.id] });
    const booked = await t.call('POST', `/api/shopify-orders/${order.id}/schedule-booking`, {
      body: { email, serviceId: service.id, slotId: `${TUESDAY}T10:00`, dateKey: TUESDAY, serviceType: 'mobile', address: HOME },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    await t.call('PATCH', `/api/bookings/${booked.json().booking.id}/status`, { cookie: admin, body: { status: 'completed' } });

    await jobs.send(FULFIL_SWEEP_JOB, {});
    await until(async () => (await storeOrderRow(t.ctx.db, order.id)).fulfillmentAttempts >= 1, 20_000);
    expect(await storeOrderRow(t.ctx.db, order.id)).toMatchObject({ fulfillmentError: 'The store is unavailable (503)', fulfilledAt: null });
    // pg-boss retries the job after its delay; the second call succeeds.
    await until(async () => (await storeOrderRow(t.ctx.db, order.id)).fulfilledAt !== null, 40_000);
    expect(await storeOrderRow(t.ctx.db, order.id)).toMatchObject({ fulfillmentStatus: 'fulfilled', fulfillmentError: null, fulfillmentAttempts: 2 });
    expect(store.calls).toEqual([order.shopifyOrderId, order.shopifyOrderId]);
  }, 90_000);

  it('schedules the sweep', async () => {
    expect((await jobs.getSchedules()).map((s) => s.name)).toContain(FULFIL_SWEEP_JOB);
  });
});
