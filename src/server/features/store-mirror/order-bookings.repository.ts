import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopifyOrders } from '../../db/schema';

/**
 * What the business did with a mirrored order: the booking made for it and its fulfilment in the store. The
 * mirror owns shopify_orders (docs/decisions/034-one-writer-per-table.md), so these are its verbs; orders to
 * bookings (features/store-orders) calls them and decides when. The sync and the webhooks write only what the
 * store sent (its fulfillment_status included), so the booking link and the fulfilment request outlive a newer
 * version of the order.
 */

export type MirroredOrder = typeof shopifyOrders.$inferSelect;

/** Locks the order for the transaction: concurrent bookings of one order run one after the other. */
export async function lockStoreOrder(tx: DbOrTx, orderId: string): Promise<MirroredOrder | undefined> {
  const [row] = await tx.select().from(shopifyOrders).where(eq(shopifyOrders.id, orderId)).for('update');
  return row;
}

/** The order is booked: it points at its booking (under the lock taken by lockStoreOrder). */
export async function linkOrderToBooking(tx: DbOrTx, orderId: string, bookingId: string): Promise<void> {
  await tx.update(shopifyOrders).set({ bookingId }).where(eq(shopifyOrders.id, orderId));
}

/** The booking's order (if any, and not fulfilled yet) is to be fulfilled: the request and a fresh count of attempts. */
export async function requestOrderFulfilment(tx: DbOrTx, bookingId: string, now: Date): Promise<void> {
  await tx
    .update(shopifyOrders)
    .set({ fulfillmentRequestedAt: now, fulfillmentAttempts: 0, fulfillmentError: null })
    .where(and(eq(shopifyOrders.bookingId, bookingId), isNull(shopifyOrders.fulfilledAt)));
}

/** A fulfilment call that failed: one more attempt, and the store's error (shortened) for staff to read. */
export async function recordFulfilmentFailure(db: DbOrTx, orderId: string, message: string): Promise<void> {
  await db
    .update(shopifyOrders)
    .set({ fulfillmentAttempts: sql`${shopifyOrders.fulfillmentAttempts} + 1`, fulfillmentError: message.slice(0, 500) })
    .where(eq(shopifyOrders.id, orderId));
}

/** The store fulfilled the order: its status, when, and the attempt that did it. */
export async function recordOrderFulfilled(db: DbOrTx, orderId: string, now: Date): Promise<void> {
  await db
    .update(shopifyOrders)
    .set({ fulfillmentStatus: 'fulfilled', fulfilledAt: now, fulfillmentError: null, fulfillmentAttempts: sql`${shopifyOrders.fulfillmentAttempts} + 1` })
    .where(eq(shopifyOrders.id, orderId));
}
