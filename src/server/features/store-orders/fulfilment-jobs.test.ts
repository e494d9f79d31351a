import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME, MONDAY_9AM_PACIFIC, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { queueStandIn } from '../../test/queue-stand-in';
import { insertStoreOrder, recordingStore, storeOrderRow } from '../../test/store-fixtures';
import { FULFIL_ORDER_JOB, FULFIL_SWEEP_JOB } from './fulfilment';

/**
 * The fulfilment through its jobs: the sweep queues the order's job, the job's worker fulfils it, and a failed
 * call is retried — the server's handlers, run by the queue stand-in (the real pg-boss: src/server/jobs).
 */
let t: TestApp;
let queue: ReturnType<typeof queueStandIn>;
let admin: string;
const store = recordingStore({ failures: 1 });

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  t.ctx.store = store.client;
  queue = queueStandIn(t.ctx);
  t.ctx.jobs = queue.jobs;
  admin = await t.login('admin@glint.local');
}, 120_000);

afterAll(async () => {
  await t.close();
});

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

    // Whatever else the completion queued (its balance charge) runs first, as the server's workers would.
    await queue.drain();
    await queue.jobs.send(FULFIL_SWEEP_JOB, {});
    expect(await queue.runNext()).toEqual({ name: FULFIL_SWEEP_JOB });
    // The sweep queued one job for the order, retried (pg-boss waits retryDelay between tries) and singleton per order.
    expect(queue.sent.filter((job) => job.name === FULFIL_ORDER_JOB)).toEqual([
      { name: FULFIL_ORDER_JOB, data: { orderId: order.id }, options: expect.objectContaining({ singletonKey: order.id, retryLimit: 2, retryDelay: 10 }) },
    ]);
    expect(await queue.runNext()).toEqual({ name: FULFIL_ORDER_JOB, error: 'The store is unavailable (503)' });
    expect(await storeOrderRow(t.ctx.db, order.id)).toMatchObject({ fulfillmentError: 'The store is unavailable (503)', fulfilledAt: null });
    // The retry: the second call succeeds.
    expect(await queue.drain()).toEqual([{ name: FULFIL_ORDER_JOB }]);
    expect(await storeOrderRow(t.ctx.db, order.id)).toMatchObject({ fulfillmentStatus: 'fulfilled', fulfillmentError: null, fulfillmentAttempts: 2 });
    expect(store.calls).toEqual([order.shopifyOrderId, order.shopifyOrderId]);

    // A sweep after that queues nothing: the order is fulfilled.
    await queue.jobs.send(FULFIL_SWEEP_JOB, {});
    expect(await queue.drain()).toEqual([{ name: FULFIL_SWEEP_JOB }]);
  });

  it('runs the sweep every minute', () => {
    expect(queue.definitions.get(FULFIL_SWEEP_JOB)?.cron).toBe('* * * * *');
  });
});
