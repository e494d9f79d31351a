import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { shopifyOrders } from '../../db/schema';
import type { BookingEventSubscriber } from '../../events/booking-events';
import type { JobDefinition } from '../../jobs/boss';
import { recordFulfilmentFailure, recordOrderFulfilled, requestOrderFulfilment } from '../store-mirror';

/**
 * Fulfilment in the store when a booking linked to an order is completed (docs/decisions/017-store-orders-to-bookings.md).
 * 1. A booking's completion is a booking event (docs/decisions/035); this feature's subscriber marks its
 *    order: fulfilment requested. The event commits with the completion, and is delivered at least once
 *    after it; the mark commits with the delivery, so it is made once per completion.
 * 2. A pg-boss job per order (FULFIL_ORDER_JOB, one per order per minute, retried) calls
 *    `ctx.store.fulfillOrder` and records the outcome: fulfilled (status + time) or the error and attempt count.
 *    The order is the mirror's row: the request and the outcome are written through the mirror's verbs.
 * 3. A sweep every minute queues the job for every requested, unfulfilled order, so a request whose job was
 *    never sent (jobs off in that instance) or ran out of retries is picked up again, up to MAX_ATTEMPTS.
 */
export const FULFIL_ORDER_JOB = 'store-order-fulfil';
export const FULFIL_SWEEP_JOB = 'store-order-fulfil-sweep';
/** After this many failed calls the order stays unfulfilled with its error showing, for staff to look at. */
export const MAX_ATTEMPTS = 10;

/** The booking's order (if any) is to be fulfilled. */
export async function requestStoreFulfilment(tx: DbOrTx, bookingId: string, now: Date): Promise<void> {
  await requestOrderFulfilment(tx, bookingId, now);
}

/** A booking that became completed: its order's fulfilment is requested, in the delivery's transaction. */
export const storeFulfilmentSubscriber: BookingEventSubscriber = {
  name: 'store-fulfilment',
  kinds: ['status_changed'],
  wants: ({ payload }) => payload.status === 'completed' && payload.from !== 'completed',
  handle: (ctx, event) => requestStoreFulfilment(ctx.db, event.bookingId, ctx.now()),
};

export type FulfilOutcome = 'fulfilled' | 'already_fulfilled' | 'not_requested';

/**
 * The job's work for one order. Throws when the store call fails (after recording the error), so pg-boss
 * retries it. Safe to repeat: the store answers an already fulfilled order with its fulfillments.
 */
export async function fulfilStoreOrder(ctx: AppContext, orderId: string): Promise<FulfilOutcome> {
  const [order] = await ctx.db
    .select({ shopifyOrderId: shopifyOrders.shopifyOrderId, requestedAt: shopifyOrders.fulfillmentRequestedAt, fulfilledAt: shopifyOrders.fulfilledAt })
    .from(shopifyOrders)
    .where(eq(shopifyOrders.id, orderId));
  if (!order?.requestedAt) return 'not_requested';
  if (order.fulfilledAt) return 'already_fulfilled';
  try {
    await ctx.store.fulfillOrder(order.shopifyOrderId);
  } catch (error) {
    await recordFulfilmentFailure(ctx.db, orderId, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await recordOrderFulfilled(ctx.db, orderId, ctx.now());
  return 'fulfilled';
}

/** Orders whose fulfilment was requested and is not done yet (and has attempts left). */
export async function ordersAwaitingFulfilment(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: shopifyOrders.id })
    .from(shopifyOrders)
    .where(and(isNotNull(shopifyOrders.fulfillmentRequestedAt), isNull(shopifyOrders.fulfilledAt), lt(shopifyOrders.fulfillmentAttempts, MAX_ATTEMPTS)))
    .limit(500);
  return rows.map((r) => r.id);
}

/** Queues one job per awaiting order; a job already queued or running for that order is not doubled. */
export async function queueAwaitingFulfilments(ctx: AppContext): Promise<number> {
  if (!ctx.jobs) return 0;
  const ids = await ordersAwaitingFulfilment(ctx.db);
  for (const orderId of ids) {
    await ctx.jobs.send(FULFIL_ORDER_JOB, { orderId }, { singletonKey: orderId, singletonSeconds: 60, retryLimit: 2, retryDelay: 10 });
  }
  return ids.length;
}

export function fulfilmentJobs(ctx: AppContext): [JobDefinition<{ orderId: string }>, JobDefinition] {
  return [
    { name: FULFIL_ORDER_JOB, handler: async (data: { orderId: string }) => void (await fulfilStoreOrder(ctx, data.orderId)) },
    { name: FULFIL_SWEEP_JOB, cron: '* * * * *', handler: async () => void (await queueAwaitingFulfilments(ctx)) },
  ];
}
